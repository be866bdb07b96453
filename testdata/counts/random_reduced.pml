/* A model reduced from a random one (issue 17): the second skip of
   `skip; skip; qb!..` is dropped (check_sequence).
   SPIN 6.5.2, safety_plain (spin -o1 -o2 -o3 -a; gcc -DSAFETY -DNOREDUCE;
   ./pan -m100000): 60 states stored, 124 transitions, errors: 0
   (gospin before: 78 stored, 160 transitions). */
byte g1; chan qb = [2] of { byte }; chan x0 = [1] of { byte };
active proctype P0() { byte l0; do :: l0 = (l0 + 1) % 3 od; do :: (g1 == 1) -> break od }
proctype P1(byte l0) { byte l1;
  if :: skip; do :: skip; x0!l1 :: skip; skip; qb!(g1 + 1) % 3 od; if :: (len(x0) < 2) fi fi }
init { run P1(0) }
