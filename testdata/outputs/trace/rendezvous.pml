/* a rendezvous is two events, the send then the receive */
mtype = { req, ack };
chan c = [0] of { mtype, byte };
active proctype C() { byte i; do :: i < 3 -> c!req,i; c?ack,_; i++ :: else -> break od }
active proctype S() { byte n; end: do :: c?req,n -> c!ack,n od }
trace { end: do :: c!req,_; c?req,_; c!ack,_; c?ack,_ od }
