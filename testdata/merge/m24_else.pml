active proctype P() { byte a; do :: a < 2 -> a++; a = a :: else -> a = 9; break od; a = 1 }
