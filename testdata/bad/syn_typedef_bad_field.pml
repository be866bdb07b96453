// want: 2:16: error: syntax error: expected name, found ';'
typedef T { int; byte b }
T t;
active proctype P() { t.b = 1 }
