byte g;
active [2] proctype P() { byte a, b; a = _pid; b = a + 1; a = b * 2; g = g + 1; a = 0; b = 0; printf("done %d\n", _pid) }
