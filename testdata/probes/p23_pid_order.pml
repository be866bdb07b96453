active proctype A() { printf("A %d\n", _pid) }
init { printf("init %d\n", _pid) }
active [2] proctype B() { printf("B %d\n", _pid) }
