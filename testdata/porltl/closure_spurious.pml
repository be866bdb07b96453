/* X (x == 0) holds: A's first step leaves x at 0, and so does B's. The
 * closure under stuttering of the claim (x != 0 in the second state)
 * accepts the stuttered run 0 0 1 ..., so the reduced search against it
 * finds an error that is not one of the claim; the search without
 * reduction against the claim finds none. */
byte x, y;
active proctype A() { x = 0; x = 1 }
active proctype B() { y = 1 }
ltl p { X (x == 0) }
