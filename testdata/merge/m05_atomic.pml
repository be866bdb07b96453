/* inside atomic, global statements merge */
byte g;
active proctype P() { byte a; a = 1; atomic { g = 1; g = 2; a = g }; a = 5; a = 6 }
active proctype Q() { g = 3 }
