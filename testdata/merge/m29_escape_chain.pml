byte g;
active proctype P() { byte a, b; { a = 1; a = 2; g == 1; a = 3 } unless { g == 2 -> b = 1; b = 2; a = b }; printf("%d %d\n", a, b) }
active proctype Q() { if :: g = 1 :: g = 2 fi }
