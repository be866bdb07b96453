/* A d_step opened by a receive: on a rendezvous channel, then on a buffered one.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a dstep_rv_recv_buffered.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 7 states stored, 7 transitions, errors: 0
 */
chan c = [0] of {byte};
chan b = [1] of {byte};
byte n;
active proctype S() { c ! 5; b ! 7 }
active proctype R() { byte got; d_step { c ? got; got++ }; d_step { b ? got; n = got + 1 }; assert(n == 8) }
