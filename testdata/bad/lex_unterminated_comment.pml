// want: 3:1: error: comment not terminated
active proctype P() { skip }
/* this comment never ends
