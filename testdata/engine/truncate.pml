bit b; bool c; byte y; short s; unsigned u : 3; int i = 2147483600;
active proctype P() {
  do
  :: b = b + 1; c = c + 2; y = y + 100
  :: s >= 0 -> s = s + 20000; u = u + 3
  :: i > 0 -> i = i + 40
  :: y > 200 -> break
  od;
  y = -1; s = -40000; u = 9; i = -i; y = 7 / 2; s = -7 % 3; i = 1 << 31 >> 3
}
