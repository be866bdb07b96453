/* SPIN 6.5.2: spin -o1 -o2 -o3 -a handshake.pml && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000
 *   pan:1: assertion violated (r==2) (at depth 27); 22 states, stored; 22 transitions; errors: 1
 */
/* A request/reply protocol over rendezvous channels, with a client that
 * the server answers wrongly on its third request: the message sequence
 * chart shows the handshakes, the processes that init creates, printf
 * output, and the failed assertion.
 */
mtype = { req, ack, nak };
chan toServer = [0] of { mtype, byte };
chan toClient = [0] of { mtype, byte };

proctype Server()
{
	byte n;
	do
	:: toServer?req,n ->
		if
		:: n < 2 -> toClient!ack,n
		:: else -> toClient!nak,n
		fi
	od
}

proctype Client()
{
	byte i;
	mtype r;
	do
	:: i < 3 ->
		toServer!req,i;
		toClient?r,_;
		printf("reply %e to %d\n", r, i);
		assert(r == ack);
		i++
	:: else -> break
	od
}

init {
	run Server();
	run Client()
}
