/* SPIN's state numbers of for and select, which SPIN's parser and lexer
   expand into a do and an if (pan -d) */
byte x;
int i;
active proctype P() {
	x = 1;
	for (i : 1 .. 3) {
		if
		:: x++
		:: x > 5 -> break
		fi
	};
	select (i : 2 .. 4);
	x = x + i
}
