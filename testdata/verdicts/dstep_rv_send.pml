/* A rendezvous send in a d_step is pan's run-time error, even with a receiver ready.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a dstep_rv_send.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 1 states stored, 1 transitions, errors: 1 ("rv-attempt in d_step")
 */
chan c = [0] of {byte};
byte x;
active proctype S() { d_step { c ! 5; x++ } }
active proctype R() { byte got; c ? got; got++ }
