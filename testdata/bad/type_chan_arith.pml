// want: 3:34: error: arithmetic on channel c
chan c = [1] of { int };
active proctype P() { int x; x = c + 1 }
