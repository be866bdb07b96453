/* A property with X that holds: in the second state x is 0 (B moved
 * first) or 1. Not stutter-invariant; checked with reduction against the
 * closure under stuttering of its claim: no error, so none with the claim. */
byte x, y;
active proctype A() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
active proctype B() { do :: y < 2 -> y++ :: y == 2 -> y = 0 od }
ltl p { X (x == 0 || x == 1) }
