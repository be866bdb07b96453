/* The system terminates with x == 1: the claim stutters, and <> (x == 2)
   is violated by an acceptance cycle of stutter steps. */
int x;
active proctype P() { x = 1 }
ltl reach2 { <> (x == 2) }
