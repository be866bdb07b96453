// want: 3:24: warning: arguments of different lengths used for the same channel A: {chan X1, bit} vs {chan{chan X1, bit}}
chan A = [1] of { chan, bit };
active proctype P() { A!A }
