// want: 5:1: error: syntax error: expected 'fi' to close if, found '}'
active proctype P() {
	if
	:: skip
}
