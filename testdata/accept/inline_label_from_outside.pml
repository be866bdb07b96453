// Probe (issue 17, item 1): a goto from outside an inline to a label of its
// body, the inline expanded twice: the label is the latest expansion's
// (SPIN's get_labspec falls back to the most recent declaration), so x
// ends at 2, not 3 (SPIN's simulation prints x=2 n=5).
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=15 transitions=15 errors=0

byte x, n;
inline mark(v) {
  v++;
here: n++
}
active proctype P() {
  mark(x);
  mark(x);
  if
  :: n < 5 -> goto here
  :: else -> skip
  fi;
  assert(x == 2 && n == 5)
}
