byte x;
active proctype A() {
  do
  :: x < 3 -> x++
  :: timeout -> break
  od;
  x = 0
}
active proctype B() {
  x == 3 -> skip;
  timeout -> x = 7
}
