// want: 3:1: error: #endif without #if
active proctype P() { skip }
#endif
