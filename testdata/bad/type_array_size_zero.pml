// want: 2:7: error: array size of a must be positive, not 0
int a[0];
active proctype P() { skip }
