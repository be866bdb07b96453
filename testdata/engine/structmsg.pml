typedef E { byte a; short b[2] };
chan c = [2] of { E, byte };
chan d = [2] of { E };
active proctype P() {
  E e, f;
  e.a = 1; e.b[1] = 300;
  c!e,7;
  e.a = 2;
  c!e,8;
  byte n;
  c?f,n;
  assert(f.a == 1 && f.b[1] == 300 && n == 7);
  d!e; d!f;
  for (f in d) { e.a = e.a + f.a }
  assert(e.a == 5 && len(d) == 2)
}
