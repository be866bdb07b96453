byte x;
init { x = 1; goto L; L: x = 2 }
