/* Leap sets on the product (gospin verify -leap with -a or an invariant):
   A and B flip local bits forever, each always a candidate for the ample
   set, and a leap takes one step of both. Two leaps bring the system back
   to where it started: without the stack proviso on the leaps' ends the
   search would close that cycle and never run C, whose step is the only
   visible one. Both properties are violated once C has run. */
int x;
active proctype A() { bit a; do :: a = 1 - a od }
active proctype B() { bit b; do :: b = 1 - b od }
active proctype C() { x = 1 }
ltl stays0 { [] (x == 0) }
ltl eventually_stays0 { <> [] (x == 0) }
