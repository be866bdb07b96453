/* A loops for ever; without fairness B may never run, so <> (x == 2)
   fails; with weak fairness B runs and it holds. */
int x;
active proctype A() { do :: x = 1 od }
active proctype B() { x = 2 }
ltl reach2 { <> (x == 2) }
