// want: 5:1: error: syntax error: expected 'od' to close do, found '}'
active proctype P() {
	do
	:: break
}
