/* Redundant skips (SPIN's flow.c, check_sequence): in an option of an if
   or do, a skip that follows another no-op step is dropped, unless it ends
   the option. With one, two or three skips between crit++ and crit-- pan
   counts the same: 116 states stored, 233 transitions.
   SPIN 6.5.2: spin -o1 -o2 -o3 -a (or spin -a); gcc -DSAFETY -DNOREDUCE;
   ./pan -m100000: 116 stored, 233 transitions, errors: 0
   (gospin before: 148 stored, 297 transitions). */
byte crit, turn;
bool want[2];
active [2] proctype P() {
	do
	:: want[_pid] = 1;
	   do :: skip -> skip od unless (turn == _pid || !want[1 - _pid]);
	   crit++; skip; skip; crit--;
	   want[_pid] = 0;
	   turn = 1 - _pid
	od
}
