// Several acceptance cycles of a never claim that gospin checks against
// its closure under stuttering (TestClosureStopAfter).
byte x;
active proctype P() { do :: x = 1 :: x = 2 :: x = 0 od }
active proctype Q() { byte l; do :: l = 1 :: l = 2 od }
never {
T0: do
    :: x == 1 -> goto accept1
    :: x == 2 -> goto accept2
    :: else
    od;
accept1: do :: x == 1 od;
accept2: do :: x == 2 od
}
