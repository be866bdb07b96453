byte x;
active proctype A() provided (x < 2) { do :: x++ od }
