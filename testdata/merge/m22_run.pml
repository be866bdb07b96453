proctype R(byte x) { byte y; y = x; y = y + 1 }
init { byte a; a = 1; run R(a); a = 2; a = 3; (_nr_pr == 1); a = 4 }
