// want: 2:10: error: unsigned variable u needs a bit width (unsigned u : N)
unsigned u;
active proctype P() { u = 1 }
