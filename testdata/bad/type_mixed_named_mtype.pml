// want: 4:42: error: c is mtype:color but the value is mtype:shape
mtype:color = { red, blue };
mtype:shape = { round, square };
active proctype P() { mtype:color c; c = square }
