// want: 2:14: error: bit width of u must be between 1 and 32, not 33
unsigned u : 33;
active proctype P() { u = 1 }
