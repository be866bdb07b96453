proctype P() { printf("P %d\n", _pid) }
init { run P(); (_nr_pr == 1); run P(); (_nr_pr == 1) }
