/* processes die in reverse order of creation; init waits for them */
byte turn;

proctype Worker(byte id) {
	(turn == id);
	printf("worker %d running\n", id);
	turn++
}

init {
	atomic {
		run Worker(2);
		run Worker(0);
		run Worker(1)
	}
	(_nr_pr == 1);
	printf("init alone, turn %d\n", turn)
}
