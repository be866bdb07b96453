/* Siegel's Fig. 2 program with the language of B1 and B2 (a nonempty
   finite run of !p, then p forever) as an ltl property: stutter-invariant,
   so gospin checks it with partial-order reduction on the product, its
   claim in SI normal form. The product has an acceptance cycle. */
bit p = 0;
active proctype p0() { p=1 }
active proctype p1() { bit x=0; do :: x=0 od }
ltl b1 { !(!p && (!p U [] p)) }
