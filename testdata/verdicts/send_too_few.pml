/* A send with fewer values than the channel's messages (through a channel variable).
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a send_too_few.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 1 states stored, 1 transitions, errors: 1 ("too few parameters in send stmnt")
 */
chan c = [1] of {byte, byte};
active proctype S() { chan e = c; e!1 }
