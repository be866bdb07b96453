// want: 4:1: error: #else after #else
#if 0
#else
#else
#endif
active proctype P() { skip }
