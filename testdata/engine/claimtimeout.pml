/* A claim that waits for timeout where nothing can move, the claim
   included (pan tries the claim's moves again with timeout true; gospin
   once stopped there). The system terminates; the claim then reads
   timeout true at every step and cycles through an accepting state. */
int x;
active proctype P() { x = 1; timeout -> x = 2 }
never {
T0:
	if
	:: (x == 2 && !timeout) -> goto wait
	:: else -> goto T0
	fi;
wait:
	if
	:: timeout -> goto accept_loop
	fi;
accept_loop:
	if
	:: timeout -> goto accept_loop
	fi
}
