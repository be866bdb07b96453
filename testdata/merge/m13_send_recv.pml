chan q = [2] of { byte };
active proctype P() { byte a; q!1; a = 1; a = 2; q?a; a = 3; a = 4 }
