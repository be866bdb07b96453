/* Written for gospin: a cycle where x stays 1 exists, but not a weakly fair one (B must eventually reset x). */
byte x;
active proctype A() { do :: x = 1 od }
active proctype B() { do :: x == 1 -> x = 0 od }
never { /* <>[] (x == 1): a cycle where x stays 1 */
T0: if :: skip -> goto T0 :: x == 1 -> goto accept fi;
accept: if :: x == 1 -> goto accept fi
}
