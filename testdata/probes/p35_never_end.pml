byte x;
active proctype A() { x = 1; x = 2 }
never { x == 1 }
