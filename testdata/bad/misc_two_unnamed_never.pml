// want: 4:6: warning: global variable unused is never used
// SPIN accepts two unnamed claims (it calls them never_0 and never_1):
// no error is expected here, only the warning about the unused variable.
byte unused;
never { skip }
never { skip }
active proctype P() { skip }
