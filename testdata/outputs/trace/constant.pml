/* a trace's constant fields must equal the message's: one branch sends 1,3 and the trace expects 1,2 (no matching event) */
chan a = [2] of { byte, byte };
active proctype P() { byte x; if :: x = 2 :: x = 3 fi; a!1,x; a?_,_ }
trace { a!1,2; a?1,2 }
