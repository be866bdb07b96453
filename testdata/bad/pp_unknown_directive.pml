// want: 2:1: error: unknown preprocessor directive #frobnicate
#frobnicate 1
active proctype P() { skip }
