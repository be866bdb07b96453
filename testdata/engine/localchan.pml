chan g = [2] of { chan };
active proctype P() {
  chan mine = [1] of { byte };
  g!mine;
  mine?_
}
active proctype Q() {
  chan h;
  g?h;
  h!5
}
