// want: 3:37: error: receive argument (x + 1) must be a variable, a constant, eval(...) or _
chan q = [1] of { int };
active proctype P() { int x; q!1; q?(x + 1) }
