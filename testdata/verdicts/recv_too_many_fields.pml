/* A receive with more fields than the channel's messages.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a recv_too_many_fields.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 2 states stored, 2 transitions, errors: 1 ("too many fields in recv")
 */
chan s2r = [1] of {byte, byte};
active proctype A() { s2r!1,2; s2r ? _(_,_) }
