// want: 3:39: warning: arguments of different lengths used for the same channel q: {int} vs {int, int}
chan q = [1] of { int };
active proctype P() { int x, y; q!1; q?x, y }
