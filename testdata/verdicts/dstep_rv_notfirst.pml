/* A rendezvous receive that is not the first statement of its d_step blocks inside it.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a dstep_rv_notfirst.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 1 states stored, 1 transitions, errors: 1 ("block in d_step seq")
 */
chan c = [0] of {byte};
active proctype S() { c ! 5 }
active proctype R() { byte got; d_step { got++; c ? got } }
