// want: 3:23: error: a channel probe cannot be negated (use nfull instead)
chan q = [1] of { int };
active proctype P() { !full(q) -> q!1 }
