active proctype P() { byte a, b;
  do
  :: a < 3 -> a++; b = a; b++
  :: a >= 3 -> break
  od;
  b = 0; a = 0;
  if :: a = 1; b = 1 :: a = 2 fi;
  b = 7
}
