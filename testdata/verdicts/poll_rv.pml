/* Polling a rendezvous channel is an error, even as one option among others.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a poll_rv.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 2 states stored, 2 transitions, errors: 1 ("error to poll rendezvous channel")
 */
chan c = [0] of {byte};
byte x;
active proctype A() { x = 1; if :: c?[x] -> x = 2 :: x == 1 -> x = 3 fi }
