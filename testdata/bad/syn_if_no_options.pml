// want: 4:2: error: syntax error: expected '::', found 'fi'
active proctype P() {
	if
	fi
}
