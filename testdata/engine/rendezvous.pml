chan c = [0] of { byte };
byte got;
active [2] proctype S() {
  c!_pid; c!(_pid+5)
}
active proctype R() {
  byte v;
end:  do
  :: c?v -> got = got + v
  :: c?eval(1) -> got++
  od
}
