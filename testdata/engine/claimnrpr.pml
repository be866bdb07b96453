/* with a never claim, _nr_pr counts the claim too (pan) */
byte x;
active proctype P() { x = _nr_pr; assert(x == 2) }
never { do :: true od }
