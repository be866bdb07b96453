typedef pair { byte a; short b[2] };
pair p[2];
mtype = { on, off };
mtype st = off;
active proctype P() {
  pair q;
  q.a = 3; q.b[1] = 300;
  p[1].b[0] = q.b[1] + q.a;
  p[0].a = p[1].b[0] / 3;
  st = on;
  do
  :: st == on -> st = off
  :: st == off -> break
  od
}
