proctype R() { byte y; y = 1; y = 2 }
init { byte a; a = 1; run R(); a = 2; (run R()); a = 3; a = 4 }
