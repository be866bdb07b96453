/* A rendezvous receive that opens an atomic: the receiver keeps control after the handshake.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a atomic_rv_recv.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 4 states stored, 4 transitions, errors: 0
 */
chan c = [0] of {byte};
active proctype S() { c ! 5 }
active proctype R() { byte got; atomic { c ? got; got++ } }
