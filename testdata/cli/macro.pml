/* glued -D and -I: the model needs N from the command line and
 * cli_inc.h from an include directory (inc/).
 *
 * SPIN 6.5.2 (spin reads includes beside the model: cli_inc.h copied there;
 * spin's -I is not an include path):
 *   spin -DN=3 macro.pml prints "n=3, m=2" and
 *     "spin: macro.pml:17, Error: assertion violated"; with -DN=1 it prints
 *     "n=1, m=2" and "2 processes created".
 *   spin -DN=3 -a macro.pml; gcc -O0 -o pan pan.c; ./pan:
 *     pan:1: assertion violated ((n+2)<5) (at depth 3)
 *   with -DN=1: errors: 0, and "unreached in proctype P" lists line 19,
 *     "n = 0" (the guard n > 100 is never true), "unreached in init"
 *     lists nothing.
 */
#include "cli_inc.h"
byte n = N;
init { printf("n=%d, m=%d\n", n, M); assert(n + M < 5) }
active proctype P() {
	if :: n > 100 -> n = 0 :: else fi
}
