/*
 * Peterson's mutual exclusion algorithm for two processes.
 * Written for gospin's examples. The assertion checks that at most one
 * process is in its critical section; `gospin check` accepts the model,
 * and the verifier proves the assertion.
 */
#define N 2

bool flag[N];
byte turn;
byte incrit;

active [N] proctype user()
{
	byte other = 1 - _pid;

again:
	flag[_pid] = true;
	turn = other;
	(flag[other] == false || turn == _pid);

	incrit++;
	assert(incrit == 1);	/* critical section */
	incrit--;

	flag[_pid] = false;
	goto again
}

ltl mutex { [] (incrit <= 1) }
