/* gospin verify's default (-j auto) gives the static cycle proviso up
   where it is weak (cmd/gospin TestVerifyDefaultWeakProviso): each
   process counts in a loop that ends by its data alone, so the static
   proviso, which marks the loop's steps, expands almost every state
   fully, where pan's stack proviso (and gospin -j 1) reduces them: with
   -j 2 gospin stores 327,601 states; the default searches with one
   worker and stores pan's 97.

   SPIN 6.5.2: spin -a loop_data.pml; gcc -O2 -DSAFETY -o pan pan.c;
   ./pan -m100000: errors: 0, 97 states, stored, 177 transitions
   (= stored+matched), depth reached 48.
*/
active [4] proctype P() {
	byte i;
	do
	:: i < 20 -> i = i + 2
	:: i < 20 -> i++
	:: else -> break
	od
}
