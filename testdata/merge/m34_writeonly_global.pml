/* a global that is only written (hidden by gospin, -o2), with dead locals */
byte g;
active proctype P() { byte a; atomic { if :: a = 1 :: a = 2 fi; a++; g = a }; g = 0 }
active proctype Q() { g = 9 }
