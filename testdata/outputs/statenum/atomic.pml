/* SPIN's state numbers inside atomic sequences, where jumps stay steps:
   the break target of a do and the exit of an if (pan -d) */
byte n, m;
chan c = [1] of { byte };
active proctype P() {
	atomic {
		n = 1;
		do
		:: n < 3 -> n++
		:: else -> break
		od;
		c!n
	}
	atomic {
		if
		:: n > 1 -> m = 1
		:: else -> m = 2
		fi
	}
	c?m
}
