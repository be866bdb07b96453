/* Creating a process when 255 are running is the run-time error "too many processes".
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a too_many_procs.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 255 states stored, 255 transitions, errors: 1 ("too many processes")
 */
proctype P() { false }
init { do :: run P() od }
