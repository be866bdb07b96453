/* SPIN 6.5.2: spin -o1 -o2 -o3 -a buffered.pml && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000
 *   pan:1: invalid end state (at depth 22); 24 states, stored; 24 transitions; errors: 1
 */
/* A producer and a consumer on a buffered channel of two slots; the
 * consumer stops after two messages, so the producer blocks on a full
 * channel: an invalid end state, with messages left in the channel.
 */
chan q = [2] of { byte };

active proctype Producer()
{
	byte i;
	do
	:: i < 5 -> q!i; i++
	:: else -> break
	od
}

active proctype Consumer()
{
	byte x, got;
	do
	:: got < 2 -> q?x; got++; printf("got %d\n", x)
	:: else -> break
	od
}
