byte x;
init { atomic { do :: x < 2 -> x++ :: else -> break od; x = 5 } }
