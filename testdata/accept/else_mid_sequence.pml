// Probe (issue 17, item 1): else as a statement in the middle of an option's
// sequence. SPIN 6 runs it as an always executable step (pan's else is
// executable when no other transition of its state was: here it is the only
// one); gospin accepts it with a warning.
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=8 transitions=8 errors=0
// gospin warns: 12:23: else in the middle of a sequence is always executable (as in SPIN)

byte x;
active proctype P() {
  do
  :: x == 0 -> x = 1; else; x = 2
  :: x == 2 -> break
  od;
  assert(x == 2)
}
