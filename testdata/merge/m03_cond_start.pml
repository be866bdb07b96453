/* a condition on locals starts a chain (merge_start) */
active proctype P() { byte a, b; a = 1; (a == 1); b = 2; b = 3; (b > 0); a = 0 }
