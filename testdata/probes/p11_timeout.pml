byte x;
init { x = 1; timeout; x = 2 }
