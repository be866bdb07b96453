/* Inside an atomic sequence the claim does not move: it never sees
   x == 1, so [] (x == 0) holds (as in SPIN). */
int x;
active proctype P() { do :: atomic { x = 1; x = 0 } od }
ltl zero { [] (x == 0) }
