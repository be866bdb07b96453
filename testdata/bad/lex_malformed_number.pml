// want: 2:34: error: malformed number 12ab (Promela has only decimal integer constants)
active proctype P() { int x; x = 12ab; printf("%d\n", x) }
