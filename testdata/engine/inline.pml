byte x, y;
inline swap(a, b) { byte t; t = a; a = b; b = t }
inline bump(v) { v = v + 1 }
active proctype P() {
  x = 1; y = 2;
  swap(x, y);
  bump(x);
  if :: x > y -> swap(x, y) :: else -> bump(y) fi
}
