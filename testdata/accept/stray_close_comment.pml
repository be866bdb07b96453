// Probe (issue 17, item 1): comments do not nest; the */ that a "nested"
// comment leaves is dropped by SPIN's lexer, silently. gospin drops it with
// a warning.
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=5 transitions=5 errors=0
// gospin warns: 9:19: */ outside a comment ignored (comments do not nest)
// gospin warns: 12:23: */ outside a comment ignored (comments do not nest)

/* a /* nested */ */
byte x;
active proctype P() {
  x = 1; /* b /* c */ */
  x = 2;
  assert(x == 2)
}
