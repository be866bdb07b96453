/* The property false is violated at once: its negation's automaton is
   universal from the start (a never claim that ends at its first step). */
int x;
active proctype P() { x = 1 }
ltl nothing { false }
