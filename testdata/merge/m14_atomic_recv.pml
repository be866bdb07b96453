chan q = [2] of { byte };
active proctype P() { byte a; q!1; atomic { q?a; a = a + 1; a = 2 }; a = 0 }
active proctype Q() { byte b; atomic { q!2; b = 1; b = 2 } }
