byte g;
active proctype P() { byte a; a = 1; a = 2; a = 3; g++ }
active proctype Q() { (P[0]:a == 3); g++ }
