active proctype P() {
	bool closed;
	goto stop_process;
	stop_process: skip;
	closed = 1
}
active proctype Q() {
	bool closed;
	closed = 1;
	goto L;
	L: skip
}
