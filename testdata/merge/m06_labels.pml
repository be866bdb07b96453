/* a labelled statement is neither chained into nor a chain start */
active proctype P() { byte a; a = 1; L: a = 2; a = 3; M: a = 4 }
