// want: 3:23: error: cannot assign to mtype constant on
mtype = { on, off };
active proctype P() { on = off }
