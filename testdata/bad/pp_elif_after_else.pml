// want: 4:1: error: #elif after #else
#if 0
#else
#elif 1
#endif
active proctype P() { skip }
