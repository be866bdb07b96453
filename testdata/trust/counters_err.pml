/* counters.pml with an assertion that fails as soon as a reaches 200,
   found early by the depth-first search (a is raised first), and again
   in millions of states after it: with -c0 the search goes on after the
   first error for a long time (the interrupted search's trail test). */
byte a, b, c;

active proctype P() {
end:	do
	:: a < 255 -> a++
	:: b < 255 -> b++
	:: c < 255 -> c++
	:: assert(a < 200)
	od
}
