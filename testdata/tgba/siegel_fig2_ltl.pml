/* Siegel's Fig. 2 (testdata/engine/siegel_fig2.pml) with its never claim
   written as an ltl property: the claim accepts the runs satisfying
   !p U (!p && X [] p), so the property is the negation. The product has
   an acceptance cycle (p0 sets p, then p holds forever). */
bit p = 0;
active proctype p0() { p=1 }
active proctype p1() { bit x=0; do :: x=0 od }
ltl fig2 { !((!p) U ((!p) && X([] p))) }
