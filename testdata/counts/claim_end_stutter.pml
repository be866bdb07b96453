/* The claim ends by a stutter step (P has terminated): pan stores the state
   the stutter step reaches, then reports the claim's end.
   SPIN 6.5.2, safety_plain: pan:1: end state in claim reached,
   5 states stored, 6 transitions. */
byte x;
active proctype P() { x = 3 }
never { do :: true -> skip; skip :: x == 3 -> break od }
