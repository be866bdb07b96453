/* SPIN's dead-variable search stops at the first transition that mentions
   the variable: the write in the first option hides the read in the second */
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
