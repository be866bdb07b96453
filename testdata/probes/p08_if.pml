byte x;
init { if :: x = 1 :: x = 2 fi }
