/* A rendezvous: the receiver moves too, which weak fairness counts. */
chan c = [0] of { bit };
int x;
active proctype S() { do :: c!1 od }
active proctype R() { do :: c?_ -> x = 1 :: x = 2 od }
ltl two { []<> (x == 2) }
