byte g;
active proctype P() { byte a; atomic { a = 1; goto L; a = 5; L: a = 2; a = 3; g = a }; a = 4; goto M; M: a = 6 }
active proctype Q() { g = 7 }
