chan c = [4] of { byte };
active proctype S() {
  c!!3; c!!1; c!!2; c!!1;
  byte v;
  do
  :: c??2 -> skip
  :: c??v
  :: c??[3] -> c??3
  :: empty(c) -> break
  od
}
