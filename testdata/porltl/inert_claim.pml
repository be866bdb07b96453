/* An ltl liveness property checked without -a: its claim (<>[] !done)
   waits in its first state on true and can neither end nor fail, so the
   search for safety errors runs without it (property.ClaimInert) and
   finds the assertion violation; the trail replays with the claim. */
byte x;
bool done;
active [2] proctype worker() {
	do
	:: x < 3 -> x++
	:: x == 3 -> break
	od;
	assert(x < 3 || _pid == 0);
	done = true
}
ltl live { []<> done }
