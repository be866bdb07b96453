// want: 2:16: error: parameter a cannot have an initializer
proctype Q(int a = 1) { printf("%d\n", a) }
init { run Q(2) }
