byte cnt, x;
active proctype lowp() priority 1 {
  do
  :: x < 3 -> x++
  :: x >= 3 -> break
  od;
  set_priority(_pid, 9);
  cnt++
}
active proctype highp() priority 5 {
  x == 2 -> _priority = 2;
  cnt++;
  assert(get_priority(0) <= 9)
}
