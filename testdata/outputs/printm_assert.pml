/* Replay of an assertion merged after printm (statement merging on):
   the error names the assertion, and printm prints the named mtype.
   SPIN 6.5.2: spin -a printm_assert.pml; gcc -DSAFETY -o pan pan.c; ./pan
   -> pan:1: assertion violated 0 (at depth 0), 1 states stored (one
   merged step);
   spin -t printm_assert.pml prints (with the indentation of pid 0):
         pear      
   spin: printm_assert.pml:13, Error: assertion violated
   spin: text of failed assertion: assert(0)
*/
mtype:fruit = { apple, pear };
mtype = { a, b, c };
init { mtype:fruit f = pear; printm(f); printf("\n"); assert(false) }
