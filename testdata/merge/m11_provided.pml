byte g;
active proctype P() provided (g < 5) { byte a; a = 1; a = 2; a = 3; g++ }
