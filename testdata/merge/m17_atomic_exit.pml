byte g;
active proctype P() { byte a; atomic { g = 1; a = 1 }; a = 2; a = 3; g = 2 }
active proctype Q() { byte b; atomic { g > 0 -> b = 1 }; b = 2 }
