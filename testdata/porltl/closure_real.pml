/* After x == 3 the next state need not have x == 0: B may move first.
 * The reduced search against the closure finds an error; the search
 * without reduction against the claim confirms it, and its trail replays. */
byte x, y;
active proctype A() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
active proctype B() { do :: y < 2 -> y++ :: y == 2 -> y = 0 od }
ltl p { [] (x == 3 -> X (x == 0)) }
