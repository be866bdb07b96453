// want: 3:1: error: never claim n redeclared (first declared at line 2:1)
never n { skip }
never n { skip }
active proctype P() { skip }
