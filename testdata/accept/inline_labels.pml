// Probe (issue 17, item 1): a label in an inline called several times in one
// proctype: each expansion has its own label, and the goto in the body jumps
// within its own expansion.
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=18 transitions=18 errors=0

byte x, y;
inline bump(v) {
  if
  :: v > 2 -> goto bump_end
  :: else -> skip
  fi;
  v++;
bump_end: skip
}
active proctype P() {
  bump(x); bump(x); bump(y); bump(x)
}
