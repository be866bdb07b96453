/* Siegel, "What's wrong with on-the-fly partial order reduction" (CAV 2019), Fig. 2: the
   product has an acceptance cycle (p0 sets p, then the claim stays in accept_B1); SPIN 6.5.2 with
   partial-order reduction misses it. gospin must report it, with and without reduction. */
bit p = 0;
active proctype p0() { p=1 }
active proctype p1() { bit x=0; do :: x=0 od }
never {
  B0: do :: !p :: !p -> break od
  accept_B1: do :: p od
}
