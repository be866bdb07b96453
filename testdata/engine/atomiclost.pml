byte x, y;
active proctype A() {
  do
  :: atomic { x < 3 -> x++; y == 0 -> y = x }
  :: atomic { y > 0 -> y = 0; x == 3 -> x = 0 }
  od
}
active proctype B() {
  do
  :: y = 0
  :: x = 3
  :: break
  od
}
