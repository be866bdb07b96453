// want: 6:11: error: else must be the first statement of an if or do option
active proctype P() {
	int x;
	if
	:: x > 0
	:: skip; else
	fi
}
