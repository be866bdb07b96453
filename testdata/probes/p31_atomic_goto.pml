byte x;
init { atomic { x = 1; goto L; L: x = 2 }; x = 3 }
