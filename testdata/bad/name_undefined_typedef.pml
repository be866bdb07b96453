// want: 2:1: error: undefined type Point
Point p;
active proctype P() { skip }
