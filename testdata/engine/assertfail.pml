byte x;
active [2] proctype P() {
  x++;
  assert(x < 2)
}
