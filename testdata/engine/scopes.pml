byte g;
inline count(v) { byte t = v; t++; g = g + t }
active proctype P() {
  byte i;
  count(1);
  { byte j = 5; g = g + j };
  count(2);
  if
  :: { byte k = 7; g = g + k }
  :: skip
  fi;
  select (i : 1 .. 40);
  select (g : 2 .. 4)
}
