/* a write in the first option of the loop does not hide the read in the
   second: SPIN resets no variable here (the read of x in the second option,
   and in the printf, is reachable from every statement that uses x) */
byte g;
active proctype P() { byte x, y;
  x = 5;
  g = 1;
  do
  :: g < 3 -> x = 1; g++
  :: g < 3 -> y = x; g++
  :: g >= 3 -> break
  od;
  printf("%d %d\n", x, y)
}
active proctype Q() { g = 2 }
