/* pan counts a rendezvous as two steps of depth (the send, then the
 * receive); gospin's search takes it as one step, and the report adds
 * the rendezvous along the trail.
 *
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a rendezvous.pml;
 *   gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan
 *   pan:1: assertion violated (got!=3) (at depth 8), and the same with
 *   spin -a, gcc -DSAFETY (merging and reduction on)
 */
chan c = [0] of { byte };
byte got;
active proctype S() { c!1; c!2; c!3 }
active proctype R() { do :: c?got; assert(got != 3) od }
