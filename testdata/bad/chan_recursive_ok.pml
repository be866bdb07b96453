// want: 3:6: warning: global variable unused is never used
chan A = [1] of { chan, bit };
byte unused;
active proctype P() { A!A, 0 }
