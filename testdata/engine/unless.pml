byte x, y;
active proctype A() {
  { x = 1; x = 2; do :: y < 3 -> y++ od } unless { x == 2 && y == 2 -> x = 9 };
  { x = 4 } unless { y > 10 }
}
active proctype B() {
  do
  :: y == 1 -> y = 5
  :: x == 9 -> break
  od unless x == 4
}
