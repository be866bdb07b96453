// want: 4:5: error: syntax error: unexpected ';' before the first statement
active proctype P() {
	if
	:: ;
	fi
}
