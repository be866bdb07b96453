/* A channel of more than 255 messages: pan keeps its length in a ushort (Qlen);
   gospin in two bytes of the state (it refused capacities past 255 before).
   SPIN 6.5.2, safety_plain: 1047 stored, 1047 transitions, errors: 0 (see expected.txt). */
chan c = [300] of { short };
active proctype P() {
	short i;
	do
	:: i < 260 -> c!i; i++
	:: else -> break
	od;
	assert(len(c) == 260 && nfull(c));
	c?i;
	assert(i == 0);
	do
	:: c?i
	:: empty(c) -> break
	od;
	assert(i == 259)
}
