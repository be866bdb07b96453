active proctype P() { byte a; printf("one\n"); a = 1; printf("a=%d\n", a); a = 2 }
