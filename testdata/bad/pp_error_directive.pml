// want: 3:1: error: #error N must be defined
#ifndef N
#error N must be defined
#endif
active proctype P() { skip }
