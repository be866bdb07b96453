byte g;
active proctype A() {
  byte x;
  x = 1;
here: x = 2;
  x = 3
}
active proctype B() {
  do
  :: A[0]:x == 2 -> g = 1
  :: A[0]@here -> g = 2
  :: enabled(0) -> g = 3
  :: A[0]:x == 3 -> break
  od;
  g = _nr_pr + _pid
}
