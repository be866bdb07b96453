/* global accesses are not merged outside atomic */
byte g;
active proctype P() { byte a; a = 1; g = a; a = 2; a = 3; g = 2; a = 4 }
