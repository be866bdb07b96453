// A stubborn set must not hold R alone in the initial state: R's step
// (skip) ends at a receive on the rendezvous channel c, and a ready
// receiver disables S's else. Without it the search takes skip first,
// S then sends, and the invalid end state (S takes else, R blocks on c
// forever) is missed.
chan c = [0] of { byte };

active proctype R() {
	skip;
	c?_
}

active proctype S() {
	if
	:: c!0
	:: else
	fi
}
