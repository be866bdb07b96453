/* SPIN 6.5.2: spin -o1 -o2 -o3 -a dstep.pml && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -m100000
 *   errors: 0; 10 states, stored; 11 transitions
 */
/* Sends and receives inside d_step and atomic sequences, which the
 * simulator executes as one step: the chart still draws each message from
 * its send to its receive.
 */
chan q = [2] of { byte };

active proctype P()
{
	byte x;
	d_step { q!1; x++ };
	atomic { q!2; x++ };
	q!3
}

active proctype C()
{
	byte y, z;
	q?y;
	len(q) == 2;
	d_step { q?y; q?z; y = y + z }
}
