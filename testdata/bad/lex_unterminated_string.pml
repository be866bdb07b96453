// want: 3:9: error: string literal not terminated
active proctype P() {
	printf("hello\n)
}
