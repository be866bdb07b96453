// want: 4:25: error: typedef Point has no field z
typedef Point { int x; int y }
Point p;
active proctype P() { p.z = 1 }
