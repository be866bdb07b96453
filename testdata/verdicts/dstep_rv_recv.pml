/* A rendezvous receive that opens a d_step is a handshake partner (issue 17 item 0).
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a dstep_rv_recv.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 5 states stored, 5 transitions, errors: 0
 */
chan c = [0] of {byte};
active proctype S() { c ! 5 }
active proctype R() { byte got; d_step { c ? got; got++ }; assert(got == 6) }
