// want: 3:10: error: proctype P redeclared (first declared at line 2:17)
active proctype P() { skip }
proctype P() { skip }
