// Probe (issue 17, item 1): ltl blocks before the globals, mtype constants
// and proctypes they name (P@label, P[i]:var): SPIN reads ltl formulas once
// the whole model is read. pan checks the first property (p1) by default.
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=16 transitions=25 errors=0
// pan -N p1: states=16 transitions=25 errors=0
// pan -N p2: states=16 transitions=25 errors=0
// pan -N p3: states=3 transitions=3 errors=1

mtype = { idle, busy };
ltl p1 { [](x < 3) }
ltl p2 { [](Q@done -> st == busy) }
ltl p3 { []((Q[1]:y == 1) -> x == 2) }
byte x;
mtype st = idle;
active proctype P() { x = 1; x = 2 }
active proctype Q() { byte y; st = busy; y = 1; done: skip }
