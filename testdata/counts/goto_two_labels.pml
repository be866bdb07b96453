/* A goto with two labels: the skip SPIN puts in front of it takes the first
   label (L); the end label stays on the jump, which is no state, so it marks
   nothing: P blocks at T, an invalid end state.
   SPIN 6.5.2, safety_plain and spin -a: pan:1: invalid end state,
   3 states stored, 3 transitions (gospin before: errors 0, 2 stored). */
byte x;
active proctype P() { x = 0; L: end: goto T; T: x == 1 }
