chan c = [3] of { byte, bit };
active proctype S() {
  byte i;
  do
  :: i < 4 -> c!i,(i%2); i++
  :: i >= 4 -> break
  od
}
active proctype R() {
  byte v; bit w;
  do
  :: c?v,w
  :: c?[1,1] -> c?<v,w>
  :: c?3,eval(w)
  :: empty(c) -> break
  od
}
