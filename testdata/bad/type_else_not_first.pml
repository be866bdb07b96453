// want: 6:11: warning: else in the middle of a sequence is always executable (as in SPIN)
active proctype P() {
	int x;
	if
	:: x > 0
	:: skip; else
	fi
}
