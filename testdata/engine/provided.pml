byte x;
active proctype A() provided (x < 2) {
  do :: x++ od
}
active proctype B() provided (x >= 2) {
  do :: x = x - 2 :: x == 0 -> break od
}
