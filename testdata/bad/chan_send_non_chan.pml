// want: 2:30: error: x is not a channel
active proctype P() { int x; x!1 }
