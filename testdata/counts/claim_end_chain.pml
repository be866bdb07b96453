/* After P has ended, the claim needs three more moves to end: a claim move
   and a stutter move (to a state pan stores with the system still to
   move), then a single stutter move to the claim's end, stored before pan
   reports it. The error's trail replays only with the same turns.
   SPIN 6.5.2, safety_plain: pan:1: end state in claim reached, 5 states
   stored, 5 transitions (gospin before: 4 stored, 4 transitions). */
byte x;
active proctype P() { x = 1 }
never {
	do
	:: x == 0
	:: x == 1 -> break
	od;
	skip;
	skip;
	skip
}
