byte x;
init { { x = 1; x = 2; x = 3 } unless { x == 2 -> x = 5 } }
