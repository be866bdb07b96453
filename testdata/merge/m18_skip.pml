active proctype P() { byte a; skip; a = 1; skip; skip; a = 2; assert(a == 2); a = 3 }
