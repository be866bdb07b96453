// want: 4:1: error: syntax error: expected '}' to close body, found end of file
active proctype P() {
	skip
