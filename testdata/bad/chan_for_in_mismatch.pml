// want: 5:12: warning: for (x in q): the channel's messages do not match the variable: {chan X1} vs {int} (chan X1 vs int)
chan q = [2] of { chan };
active proctype P() {
	int x;
	for (x in q) { printf("%d\n", x) }
}
