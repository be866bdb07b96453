/* a labelled goto named in a remote reference stays a state (SPIN) */
byte n;
active proctype R() {
again:
  n < 3 -> n++;
P1: goto again
}
active proctype M() {
  do
  :: R[0]@P1 -> break
  :: n == 3 -> break
  od
}
