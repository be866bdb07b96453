// want: 3:24: error: full() can only be used in a condition, combined with && or ||
chan q = [1] of { int };
active proctype P() { (full(q) == 1) -> q!1 }
