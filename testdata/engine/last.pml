byte x;
active [2] proctype P() {
  do
  :: _last != _pid -> x++
  :: x > 3 -> break
  od
}
