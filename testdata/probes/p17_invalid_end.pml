byte x;
init { x == 1 }
