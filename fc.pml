byte x; int i;
active proctype P() {
atomic { for (i : 1 .. 3) { x++; if :: x > 1 -> break :: else fi }; x = 8 }; x = 9
}
