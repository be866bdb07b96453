// Probe (issue 17, item 1): an initializer on a variable or array of a
// typedef type. SPIN checks the expression and ignores its value: the fields
// keep their own initial values (a = 7 here). gospin does the same, with a
// warning that the value is ignored.
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=4 transitions=4 errors=0
// gospin warns: 13:7: the initializer of t is ignored: a typedef variable takes its fields' initial values (as in SPIN)
// gospin warns: 14:12: the initializer of arr is ignored: a typedef variable takes its fields' initial values (as in SPIN)
// gospin warns: 15:14: the initializer of two is ignored: a typedef variable takes its fields' initial values (as in SPIN)
// gospin warns: 17:11: the initializer of loc is ignored: a typedef variable takes its fields' initial values (as in SPIN)

typedef T { byte a = 7; byte b };
T t = 3;
T arr[2] = 1;
T two[2] = { 4, 5 };
active proctype P() {
  T loc = 5;
  assert(t.a == 7 && t.b == 0 && arr[1].a == 7 && two[0].b == 0 && loc.a == 7);
  t.a = 1
}
