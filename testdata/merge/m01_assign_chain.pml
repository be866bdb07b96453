/* local assignment chain: one transition */
active proctype P() { byte a, b; a = 1; b = 2; a = a + b; b = 0 }
