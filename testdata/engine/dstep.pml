byte a[4], i;
active proctype P() {
  d_step {
    i = 0;
    do
    :: i < 4 -> a[i] = 4 - i; i++
    :: else -> break
    od
  };
  d_step { a[0] > 0 -> a[0]-- ; if :: a[1] > 1 -> a[1] = 0 :: else -> a[1] = 1 fi }
}
active proctype Q() {
  do
  :: d_step { a[2] > 0 -> a[2]--; a[3]++ }
  :: a[2] == 0 -> break
  od
}
