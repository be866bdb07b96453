// want: 2:35: error: invalid assignment to channel c: a number is not a channel
active proctype P() { chan c; c = 1 }
