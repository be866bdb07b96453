active proctype P() { byte i, s, k;
  for (i : 1 .. 3) { s = s + i; k = s }
  select (k : 2 .. 4);
  s = k; s++
}
