byte x;
chan c = [1] of { byte };
active proctype P() {
  do
  :: x < 3 -> x++; c!x
  :: c?_
  :: timeout -> x = 0
  od
}
active proctype Q() {
L: x > 0 -> skip; goto L
}
never {
  do
  :: skip
  :: Q@L && x == 2 -> goto seen
  od;
seen:
  do
  :: c?[1]
  :: !(x == 3)
  od
}
