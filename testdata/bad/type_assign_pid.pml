// want: 2:23: error: cannot assign to predefined variable _pid
active proctype P() { _pid = 3 }
