/* a producer and a printing consumer on a buffered channel */
mtype = { ping, pong };
chan q = [2] of { mtype, byte };

active proctype Producer() {
	byte i = 0;
	do
	:: i < 4 -> if :: i % 2 == 0 -> q!ping,i :: else -> q!pong,i fi; i++
	:: else -> break
	od
}

active proctype Consumer() {
	mtype m; byte v; byte n = 0; int sum = 0;
	do
	:: n < 4 -> q?m,v; sum = sum + v; printf("got %e %d (sum %d)\n", m, v, sum); n++
	:: else -> break
	od;
	printf("total %d, %x hex, %o oct, %c\n", sum, 255, 8, 65)
}
