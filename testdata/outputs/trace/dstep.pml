/* sends and receives inside d_step and atomic are events of the trace, each in its turn */
chan a = [2] of { byte };
active proctype P() { d_step { a!1; a!2 }; atomic { a?_; a?_ } }
trace { a!1; a!2; a?1; a?2 }
