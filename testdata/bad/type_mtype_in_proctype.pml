// want: 3:2: error: mtype declarations must be global
active proctype P() {
	mtype = { a, b };
	skip
}
