byte a[3];
active proctype A() {
  byte i, s;
  select (i : 1..3);
  for (s : 0..2) { a[s] = i + s }
  do
  :: break
  :: a[0] > 0 -> a[0]--
  od;
  i = 3;
  if :: do :: i > 0 -> i-- :: else -> break od fi
}
