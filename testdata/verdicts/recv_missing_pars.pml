/* A receive with fewer fields than the message (removing it) is pan's error; a copy (c?<x>) is not.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a recv_missing_pars.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 3 states stored, 3 transitions, errors: 1 ("missing pars in receive")
 */
chan c = [1] of {byte, byte};
byte x;
active proctype S() { c!1,2; c?<x>; c?x }
