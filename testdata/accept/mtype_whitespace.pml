// Probe (issue 17, item 1): mtype names separated by white space (SPIN's
// grammar, nlst, takes commas or white space).
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=7 transitions=7 errors=0

mtype = { red green
          blue };
mtype c = green;
active proctype P() {
  do
  :: c == red -> break
  :: c == green -> c = blue
  :: c == blue -> c = red
  od
}
