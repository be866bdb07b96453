byte x;
init { atomic { x = 1; x = 2; x = 3 }; x = 4 }
