/* SPIN 6.5.2: spin -a live.pml && gcc -O0 -o pan pan.c && ./pan -m100000
   warning: never claim + accept labels requires -a flag to fully verify;
   errors: 0, 4 states stored, 11 transitions.
   ./pan -a -m100000: pan:1: acceptance cycle (at depth 0); errors: 1,
   3 states stored (5 visited), 9 transitions. */
/* x is set and cleared for ever: <>[] (x == 1) fails on the run that
   keeps clearing it, which only an acceptance cycle shows. pan without -a
   reports no error (with its warning that the claim requires -a); gospin
   runs the acceptance search for it unless -safety. */
byte x;

active proctype P() {
	do
	:: x = 1
	:: x = 0
	od
}

ltl p1 { <>[] (x == 1) }
