// A stubborn set must not hold R alone in the initial state: R's step
// (skip) ends at a receive on the rendezvous channel c, and a ready
// receiver lets S's send inside its atomic sequence go through at once
// (R then holds the atomicity and overwrites x), where without it S
// blocks with x == 1 and loses its atomicity, and T sees x == 1.
byte x;
chan c = [0] of { byte };

active proctype R() {
	skip;
	atomic { c?_; x = 3 }
}

active proctype S() {
	atomic { x = 1; c!0; x = 2 }
}

active proctype T() {
	assert(x != 1)
}
