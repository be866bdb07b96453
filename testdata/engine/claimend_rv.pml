/* The claim reaches its end on a step where the only moves of the system
   are rendezvous handshakes: pan reports the claim's end there (a
   rendezvous step lost it once). */
byte g;
chan c = [0] of { byte };
active proctype A() { g = 0; c!1; c!2 }
active proctype B() { byte v; do :: c?v od }
never {
T0:
	if
	:: (g == 0) -> goto done
	fi;
done:
	skip
}
