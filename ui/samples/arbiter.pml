/*
 * An arbiter that grants a lock on request, written for gospin's UI tests
 * and samples. The clients ask over a buffered channel and are granted by
 * rendezvous; the arbiter does not wait for a release before granting
 * again, so both clients can be inside: an assertion violation whose
 * message sequence chart shows both kinds of message.
 *
 * SPIN 6.5.2: spin -a arbiter.pml && gcc -O0 -DSAFETY -o pan pan.c && ./pan
 *   pan:1: assertion violated (inside==1) (at depth 11)
 *   State-vector 60 byte, depth reached 20, errors: 1
 *   49 states, stored; 64 transitions (= stored+matched)
 * (with -DNOREDUCE: 49 states, 70 transitions)
 */
mtype = { request, grant, release };
chan server = [2] of { mtype, byte };	/* buffered: requests and releases */
chan reply[2] = [0] of { mtype };	/* rendezvous: the grants */
byte inside;

active [2] proctype client()
{
	server!request(_pid);
	reply[_pid]?grant;
	inside++;
	assert(inside == 1);	/* one client at a time */
	inside--;
	server!release(_pid)
}

active proctype arbiter()
{
	byte who;
end:	do
	:: server?request(who) -> reply[who]!grant	/* the bug: it does not wait for the release */
	:: server?release(who) -> skip
	od
}
