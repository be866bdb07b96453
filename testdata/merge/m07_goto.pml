active proctype P() { byte a; a = 1; goto L; a = 7; L: a = 2; a = 3; if :: a == 3 -> a = 4; goto E :: else -> a = 5 fi; a = 6; E: a = 0 }
