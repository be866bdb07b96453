byte x;
active proctype A() {
  atomic { do :: x < 2 -> x++ :: else -> break od; x = 5 };
  atomic { x = 1; do :: x < 3 -> x++ :: x == 3 -> break od };
  atomic { x = 0; if :: x == 0 -> goto L :: else fi; x = 2 };
L: atomic { x = 7; do :: x > 5 -> x-- :: else -> break od };
  x = 9
}
