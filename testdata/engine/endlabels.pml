chan c = [0] of {bit};
active proctype A() {
end: do :: c?1 od
}
active proctype B() {
  c!1;
progress: skip
}
