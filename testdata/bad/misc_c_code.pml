// want: 2:23: error: embedded C code is not supported (c_code)
active proctype P() { c_code { printf("hi\n"); } }
