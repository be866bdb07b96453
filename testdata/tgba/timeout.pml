/* x = 2 happens only through timeout: <> (x == 2) holds. */
int x;
active proctype P() { x = 1; timeout -> x = 2 }
ltl reach2 { <> (x == 2) }
