// want: 3:12: error: proctype Agent expects 2 arguments but 1 supplied
proctype Agent(int a, b) { printf("%d %d\n", a, b) }
init { run Agent(1) }
