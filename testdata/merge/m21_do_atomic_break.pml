byte g;
active proctype P() { byte a; atomic { do :: a < 2 -> a++ :: else -> break od; a = 7 }; g = a }
active proctype Q() { g = 1 }
