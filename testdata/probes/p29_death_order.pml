byte x;
proctype P() { x++ }
init { run P(); run P(); x == 2 }
