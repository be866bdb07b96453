/* Chang and Roberts leader election on a unidirectional ring of N nodes,
   with a trace sequence over the first channel of the ring: the node
   that feeds q[0] (node N-1) first passes on candidates, and the last
   message on q[0] is the winner's announcement. */
#define N 4
mtype = { cand, elected };
chan q[N] = [N] of { mtype, byte };
byte leaders;

proctype node(chan inp, out; byte id) {
	byte v;
	out!cand(id);
end:	do
	:: inp?cand(v) ->
		if
		:: v > id -> out!cand(v)
		:: v == id -> out!elected(id)
		:: else -> skip
		fi
	:: inp?elected(v) ->
		if
		:: v != id -> out!elected(v)
		:: else -> leaders++; assert(leaders == 1)
		fi;
		break
	od
}

init {
	byte i;
	atomic {
		do
		:: i < N -> run node(q[i], q[(i + 1) % N], (i * 3 + 1) % N + 1); i++
		:: else -> break
		od
	}
}

/* q[0] carries candidates, then one announcement, which is the last
   message sent and received on it */
trace {
	do
	:: q[0]!cand,_
	:: q[0]?cand,_
	:: q[0]!elected,_ -> break
	od;
	do
	:: q[0]?cand,_
	:: q[0]?elected,_ -> break
	od
}
