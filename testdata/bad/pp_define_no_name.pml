// want: 2:1: error: no macro name given in #define directive
#define
active proctype P() { skip }
