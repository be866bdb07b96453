byte g;
active proctype P() { byte a; a = 1; d_step { a = 2; g = a }; a = 3; a = 4; d_step { g = 5 } }
active proctype Q() { g = 1 }
