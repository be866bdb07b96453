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
