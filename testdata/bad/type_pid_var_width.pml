// want: 2:36: error: bit width of u must be between 1 and 32, not 40
active proctype P() { unsigned u : 40; u = 1 }
