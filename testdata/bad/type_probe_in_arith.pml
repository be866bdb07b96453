// want: 3:34: error: full() can only be used in a condition, combined with && or ||
chan q = [1] of { int };
active proctype P() { int x; x = full(q) + 1 }
