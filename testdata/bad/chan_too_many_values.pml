// want: 3:24: error: too many values sent on channel q (2, the channel takes 1): arguments of different lengths used for the same channel q: {int} vs {int, int}
chan q = [1] of { int };
active proctype P() { q!1, 2 }
