/* Leap sets on the product with -a (search/porltl_leap.go): P0 and P1
   count locally forever and leap together; C toggles c, the only visible
   step. The property says that c settles; C's toggling violates it. In
   the claim's SI normal form the accepting state is entered on the step
   that first reads a new value of c, and left on the next: when that step
   is the first of a leap, the leap must stop there so that the state is
   stored and seeds a nested search. With the leap going on through it
   (checked by hand) the search finds no acceptance cycle. */
byte c;
active proctype P0() { byte v; do :: v = (v + 1) % 2 od }
active proctype P1() { byte v; do :: v = (v + 1) % 3 od }
active proctype C() { do :: c = 1 - c od }
ltl settles { <>[] (c == 1) || <>[] (c != 1) }
