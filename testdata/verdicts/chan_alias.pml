/* A channel initialised with another channel aliases it (globals: non-channels first,
 * then channels in declaration order; locals in declaration order).
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a chan_alias.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 7 states stored, 7 transitions, errors: 0
 */
chan K = [1] of {byte};
byte y = K;        /* K is not yet created: 0 */
chan G = K;
chan H[2] = [1] of {byte};
byte z = H[1];     /* 0 as well */
active proctype A() {
	chan a = [1] of {byte};
	chan b = a;
	byte r = b;    /* the fourth channel */
	G!1; K?_; b!1; a?_;
	assert(y == 0 && z == 0 && r == 4)
}
