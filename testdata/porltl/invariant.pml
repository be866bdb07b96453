/* An invariant checked by the search for the claim's end (no -a), with
   partial-order reduction on the product: P and Q count locally (their
   steps are independent and invisible), and R breaks the invariant once
   both have finished. The violation must be found with reduction, in
   fewer states than without, and replay. */
byte done;
active proctype P() { byte i; do :: i < 4 -> i++ :: else -> break od; done++ }
active proctype Q() { byte j; do :: j < 4 -> j++ :: else -> break od; done++ }
active proctype R() { done == 2 -> done = 7 }
ltl inv { [] (done < 3) }
