byte g;
active proctype P() { byte a; atomic { if :: a = 1 :: a = 2 fi; a++; g = a }; g = 0; printf("%d\n", a) }
active proctype Q() { g != 7; g = 9 }
