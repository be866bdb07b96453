inline inc(x) { x = x + 1; x = x * 2 }
active proctype P() { byte a; a = 1; inc(a); a = 3; { a = 4; a = 5 }; a = 6 }
