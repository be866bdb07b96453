/* SPIN 6.5.2: spin -a cycle.pml && gcc -O0 -DNOREDUCE -o pan pan.c && ./pan -a -m100000
 *   pan:1: acceptance cycle (at depth 4); 10 states, stored; 10 transitions; errors: 1
 */
/* Ping-pong over a buffered and a rendezvous channel that never reaches
 * done: an acceptance cycle for []<> done.
 */
chan ping = [1] of { byte };
chan pong = [0] of { byte };
bool done;

active proctype Pinger()
{
	byte n;
	do
	:: ping!n; pong?n; n = 1 - n
	od
}

active proctype Ponger()
{
	byte m;
	do
	:: ping?m -> pong!m
	:: m > 5 -> done = true
	od
}

ltl live { []<> done }
