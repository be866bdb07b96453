// Probe (issue 17, item 1): labels in nested inline expansions; the outer
// inline's goto loops within its own expansion (a label may not open an
// inline body in SPIN: 'label placed incorrectly', hence the skip).
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=29 transitions=29 errors=0

byte x, n;
inline bump(v) {
  if
  :: v > 2 -> goto bump_end
  :: else -> skip
  fi;
  v++;
bump_end: skip
}
inline twice(w) {
  skip;
again:
  bump(w); bump(w);
  n++;
  if
  :: n < 2 -> goto again
  :: else
  fi
}
active proctype P() {
  twice(x); twice(x);
  assert(x == 3 && n == 3)
}
