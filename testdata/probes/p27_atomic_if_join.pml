byte x;
init { atomic { if :: x = 1 :: x = 2 fi; x++ } }
