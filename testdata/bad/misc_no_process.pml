// want: 6:33: error: no runable process: the model has no init and no active proctype
// SPIN 6.5.2: spin -a says "no runable process" (at the end of the file) and
// writes no pan.c; its simulation prints "0 processes created".
byte x;
proctype P() { x = 1 }
active [0] proctype Q() { x = 2 }