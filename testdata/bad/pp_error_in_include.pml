// want: inc_bad.h:2:14: error: syntax error: expected expression, found ';'
#include "inc_bad.h"
active proctype P() { int x; x = helper }
