// Two pairs of processes, each pair sharing one variable: no process has
// an ample set (each reads or writes a global), but each pair is a
// stubborn set.
byte a, b;
active proctype P() { do :: a < 3 -> a++ :: a == 3 -> break od }
active proctype Q() { do :: a > 0 -> a-- :: a == 0 -> break od }
active proctype R() { do :: b < 3 -> b++ :: b == 3 -> break od }
active proctype S() { do :: b > 0 -> b-- :: b == 0 -> break od }
