/*
 * Weak fairness with partial-order reduction: P's send is safe in
 * SPIN's sense (the others only receive, which commutes with an append
 * to a non-full channel), but the channel has two receivers. Along the
 * fair acceptance cycle R takes every message at once, so Q is enabled
 * only now and then and need not move (weak fairness); an ample set of
 * P's send alone keeps the channel non-empty on every reduced cycle, on
 * which Q is then enabled all along and never moves: unfair. gospin
 * therefore only takes sends and receives on point-to-point channels
 * into ample sets under -f (docs/por-ltl.md, "Weak fairness"); with P's
 * send allowed, gospin -a -f reported no error here.
 *
 * SPIN 6.5.2: spin -a fair_receivers.pml; gcc -O2 -DNFAIR=4 -o pan pan.c;
 * ./pan -a -f -m100000 -> acceptance cycle (at depth 6), errors: 1,
 * 9 states stored (38 visited); the same with -DNOREDUCE.
 */
chan ch = [2] of { byte };
byte got;
active proctype P() { do :: ch!1 od }
active proctype R() { byte x; do :: ch?x od }
active proctype Q() { byte y; ch?y; got = 1 }
ltl p { <> (got == 1) }
