/* Three byte counters, each raised by one step at a time up to 255:
   256^3 = 16,777,216 reachable states and no error, with little memory
   per state. Big enough to outgrow a small memory budget, a time limit,
   or to be interrupted. */
byte a, b, c;

active proctype P() {
end:	do
	:: a < 255 -> a++
	:: b < 255 -> b++
	:: c < 255 -> c++
	od
}
