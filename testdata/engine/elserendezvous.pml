chan c = [0] of { byte };
byte n;
active proctype A() {
  do
  :: c!n -> n++
  :: else -> n = n + 2
  :: n > 6 -> break
  od
}
active proctype B() {
  do
  :: n < 4 -> c?_
  :: n >= 4 -> break
  od
}
