byte x;
init { end: x == 1 }
