byte x;
init { do :: x < 3 -> x++ :: else -> break od }
