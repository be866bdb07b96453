/* The end label of a goto labels the skip SPIN puts in front of the jump,
   not the jump's target: P blocks at T, which is no end state.
   SPIN 6.5.2, safety_plain and spin -a: pan:1: invalid end state,
   3 states stored, 3 transitions (gospin before: errors 0, 2 stored). */
byte x;
active proctype P() { x = 0; end: goto T; T: x == 1 }
