byte x;
active proctype A() {
  do :: x < 2 -> x++ :: x >= 2 -> break od;
  do :: x > 0 -> x-- :: x == 0 -> break od;
  x = 1;
L:  do :: x < 3 -> x++ :: x == 3 -> break od;
  if :: x == 3 -> x = 0; goto L :: else fi;
  atomic { do :: x < 5 -> x++ :: else -> break od };
  do :: x > 0 -> x-- :: else -> break od unless x == 7
}
