// want: 7:5: error: more than one else option in this if
active proctype P() {
	int x;
	if
	:: x > 0
	:: else
	:: else
	fi
}
