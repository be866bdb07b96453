/* pan's -q: a valid end state must also have every channel empty.
 * P ends with one message left in c: a valid end state for pan, an invalid
 * one for pan -q.
 *
 * SPIN 6.5.2: spin -a strict_end.pml && gcc -O0 -o pan pan.c
 *   ./pan      errors: 0, 8 states stored, 1 matched, 9 transitions
 *   ./pan -q   pan:1: invalid end state (at depth 4), 6 states stored,
 *              0 matched, 6 transitions
 * (gospin verify, with statement merging: 6 stored without -q; with -q the
 * same error at depth 4.)
 */
chan c = [2] of { byte };
active proctype P() {
	c!1;
	c!2
}
active proctype Q() {
	c?_
}
