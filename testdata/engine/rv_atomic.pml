chan c = [0] of { byte };
byte x;
active proctype S() {
  atomic { x = 1; c!1; x = 2 };
  atomic { c!2; x = 3 }
}
active proctype R() {
  byte v;
  atomic { c?v; x = x + 10 };
  c?v;
  x = 0
}
active proctype Q() { x > 0 -> x = x + 1 }
