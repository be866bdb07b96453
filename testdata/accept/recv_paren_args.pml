// Probe (issue 17, item 1): a receive whose argument list is in parentheses,
// ch?(a, b) and ch??(a, b), which SPIN reads as ch?a,b (SPIN's rargs:
// '(' rargs ')').
// SPIN 6.5.2, safety_plain: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000 (oracle.sh)
// pan: states=11 transitions=13 errors=0
// spin says (its cpp, gcc -E, on c??(a, b)): warning: trigraph ??( ignored, use -trigraphs to enable [-Wtrigraphs]

chan c = [2] of { byte, byte };
active proctype S() { c!1,2; c!3,4 }
active proctype R() {
  byte a, b;
  c?(a, b);
  assert(a == 1 && b == 2);
  c??(a, b);
  assert(a == 3 && b == 4)
}
