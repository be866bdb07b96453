active proctype P() { byte a, b; { a = 1; a = 2; a = 3 } unless { b == 1 -> a = 5 }; b = 1; b = 2 }
