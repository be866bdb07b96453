byte g;
active proctype P() { byte a; a = 1; a = 2; g != 5; a = 3; g = 1; a = 4 }
active proctype Q() { g = 2 }
