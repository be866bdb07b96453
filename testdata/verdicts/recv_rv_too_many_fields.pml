/* The same on a rendezvous channel: the receiver's error, at the handshake.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a recv_rv_too_many_fields.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 1 states stored, 1 transitions, errors: 1 ("too many fields in recv")
 */
chan c = [0] of {byte, byte};
active proctype S() { c!1,2 }
active proctype R() { c?_,_,_ }
