/* Reduction must not take A's local steps first when the property reads
   them: A's steps are safe (they touch only A's own variable), so an
   ample set of A alone would always run them before B, and the runs in
   which B sets g while A's l is still 0 would never be explored. The
   property reads A:l (and, in the never claim, the remote label A@L), so
   A's steps are visible and both orders are searched. */
byte g;
active proctype A() { byte l; L: l = 1; l = 2; do :: l = 2 od }
active proctype B() { g = 1 }
ltl p { [] ((g == 1) -> (A:l != 0)) }
ltl q { [] <> (A:l == 2) -> [] ((g == 1) -> (A:l != 0)) }
never n { do :: (g == 1) && A@L -> break :: else od }
