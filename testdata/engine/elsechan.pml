chan c = [1] of { byte };
byte n;
active proctype A() {
  do
  :: c!n -> n++
  :: else -> c?_
  :: n > 3 -> break
  od
}
active proctype B() {
  do
  :: c?[2] -> c?_
  :: else -> n = n
  od
}
