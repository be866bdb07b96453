/* Queue numbers of SPIN's simulator: a process's local channels are created
   with it, a global channel when a statement first names it (h never: it is
   not listed; g at init's run W(g, 2)), so the numbers follow creation
   order, not declaration order (the verifier's). -s/-r lines name a channel
   as the statement does (in, mine). Every process is announced in -c, and the
   next row repeats the header. Only one process can move at each step, so
   the run is deterministic: qorder.c.golden is `spin -c qorder.pml`,
   qorder.p.golden `spin -p qorder.pml` (with SPIN's state numbers),
   qorder.sr.golden `spin -s -r qorder.pml` (SPIN 6.5.2). */
chan g = [1] of { byte };
chan h = [1] of { byte };
chan r = [0] of { byte };
proctype W(chan in; byte id) {
	chan mine = [1] of { byte };
	byte v;
	in?v; mine!v; mine?v; r!v;
end:	in?v
}
init {
	chan c = [1] of { byte };
	byte x;
	run W(c, 1);
	c!5;
	r?x;
	run W(g, 2);
	g!7;
	r?x;
	h!1
}
