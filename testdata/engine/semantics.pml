/* every assertion here holds in SPIN 6.5.2 */
mtype = { a, b, c };
mtype:f = { d, e };
bit b1; bool b2; byte y; short s; unsigned u : 3; int i;
chan q = [4] of { byte, mtype };
chan r = [0] of { byte };
typedef T { byte x; int z[2] };
T t;
byte arr[3] = 7;
proctype Child(byte k; short m) {
  assert(k == 44 && m == -25536);
  assert(_pid == 1);
  r!k
}
init {
  assert(a == 3 && b == 2 && c == 1 && d == 2 && e == 1);
  b1 = 2; assert(b1 == 0);
  b2 = 3; assert(b2 == 1);
  y = 300; assert(y == 44);
  y = -1; assert(y == 255);
  s = 40000; assert(s == -25536);
  u = 9; assert(u == 1);
  i = 2147483647; i++; assert(i == -2147483647 - 1);
  assert(-7 / 2 == -3 && -7 % 3 == -1 && 7 % -3 == 1);
  assert((1 << 3) == 8 && (-16 >> 2) == -4 && (5 ^ 3) == 6 && (~0) == -1);
  assert((3 > 2 -> 10 : 20) == 10);
  assert(arr[0] == 7 && arr[2] == 7);
  t.z[1] = 70000; t.x = t.z[1]; assert(t.x == 112 && t.z[1] == 70000);
  q!!3,a; q!!1,b; q!!2,c; q!!1,a;
  assert(len(q) == 4 && full(q)); assert(len(q) == 4);
  byte v; mtype m;
  q?v,m; assert(v == 1 && m == b);
  q??2,m; assert(m == c);
  assert(q?[1,a] && !q?[3,a] && q??[3,a]);
  q?<v,m>; assert(v == 1 && m == a && len(q) == 2);
  q?eval(v),m; assert(len(q) == 1);
  q?_,_; assert(empty(q));
  run Child(y+45, s);
  r?v; assert(v == 44);
  assert(_nr_pr <= 2);
  (_nr_pr == 1) -> assert(_pid == 0)
}
