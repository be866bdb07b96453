chan r = [0] of { byte };
active proctype P() { byte a; atomic { r!1; a = 1; a = 2 } }
active proctype Q() { byte b; atomic { r?b; b = b + 1; b = 3 }; b = 4 }
