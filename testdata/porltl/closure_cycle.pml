/* x == 0 followed at once by x == 1 need not recur: B may move for ever
 * (no fairness). The reduced search against the closure under stuttering
 * of the claim finds an acceptance cycle, which the claim has too (checked
 * along its trail); the trail replays with the claim. */
byte x, y;
active proctype A() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
active proctype B() { do :: y < 2 -> y++ :: y == 2 -> y = 0 od }
ltl p { [] <> (x == 0 && X (x == 1)) }
