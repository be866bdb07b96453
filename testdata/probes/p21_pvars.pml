bit b; short s; byte x; int i;
active proctype A() { bool f; int k; short m; k = 1 }
