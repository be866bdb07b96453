/* timeout when nothing else can move */
chan c = [1] of { byte };

active proctype W() {
	byte x;
	if
	:: c?x -> printf("got %d\n", x)
	:: timeout -> printf("timeout taken\n")
	fi;
	c!7;
	c?x;
	printf("then got %d\n", x)
}
