/* atomic sequences taken in turn */
byte turn = 1;
byte count;

proctype P(byte me) {
	(turn == me);
	atomic {
		printf("P%d starts\n", me);
		count++;
		printf("P%d count %d\n", me, count);
		turn++
	}
}

init {
	atomic { run P(3); run P(1); run P(2) }
	(turn == 4);
	printf("init: count %d\n", count)
}
