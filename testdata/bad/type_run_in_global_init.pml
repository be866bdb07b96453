// want: 3:9: error: run can only be used in a proctype or init
proctype Q() { skip }
int p = run Q();
init { skip }
