byte x;
init { if :: x > 0 -> skip :: else -> x = 1 fi }
