// want: 2:1: error: #include: cannot open "no_such_file.h": no such file
#include "no_such_file.h"
active proctype P() { skip }
