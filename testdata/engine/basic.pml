byte x;
active proctype P() {
  byte y;
L:  x++;
  if
  :: x < 3 -> goto L
  :: else -> skip
  fi;
  do
  :: y < 2 -> y++
  :: y >= 2 -> break
  od;
  atomic { x = 0; y = 1 };
  d_step { x = 1; y = 2 }
}
init { run P() }
