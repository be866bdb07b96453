active proctype P() { byte a, b; a = 1; { b = 1; { b = 2; a = 2 }; a = 3 }; atomic { a = 4 }; b = 3; d_step { a = 5 }; b = 4 }
