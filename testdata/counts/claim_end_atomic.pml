/* A claim that stutters through states of its own after P has ended, then
   ends by a stutter step; the skips in the claim stay (SPIN drops no skip
   in a never claim), those in P's option go.
   SPIN 6.5.2, safety_plain: pan:1: end state in claim reached,
   7 states stored, 8 transitions (gospin before: 5 stored, 6 transitions). */
byte x;
active proctype P() { atomic { if :: x == 0 -> skip; skip; skip; x = 1 fi }; x = 3 }
never { do :: skip; skip; skip; true :: x == 3 -> break od }
