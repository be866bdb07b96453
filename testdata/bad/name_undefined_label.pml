// want: 2:28: error: undefined label nowhere in P
active proctype P() { goto nowhere }
