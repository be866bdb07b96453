// want: 2:23: error: undefined: q
active proctype P() { q!1 }
