byte x;
active proctype A() { x = 1; x = 2 }
never { do :: true od }
