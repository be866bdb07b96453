/* A proposition that reads timeout: the claim sees timeout true in the
   round where the system can only time out, so [] !timeout is violated
   (SPIN 6.5.2: pan -a reports it at depth 2). */
int x;
active proctype P() { x = 1; timeout -> x = 2 }
ltl t { [] !timeout }
