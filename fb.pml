byte x; int i;
active proctype P() {
atomic { for (i : 1 .. 3) { x++ }; x = 8 }; x = 9
}
