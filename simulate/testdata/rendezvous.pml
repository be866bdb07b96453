/* a handshake over rendezvous channels: the prints alternate */
chan req = [0] of { byte };
chan ack = [0] of { byte, bool };

active proctype Client() {
	byte i; byte r; bool ok;
	for (i : 1 .. 3) {
		printf("client asks %d\n", i);
		req!i;
		ack?r,ok;
		printf("client hears %d %d\n", r, ok)
	}
}

active proctype Server() {
	byte x;
end:	do
	:: req?x -> printf("server serves %d\n", x); ack!x*x,(x % 2 == 1)
	od
}
