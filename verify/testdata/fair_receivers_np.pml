/*
 * fair_receivers.pml for non-progress cycles with weak fairness (-l -f):
 * Q passes its progress label once it has received a message; P sends
 * for ever into a channel that R and Q both receive from. The fair
 * non-progress cycle has R take every message at once, so that Q is
 * enabled only now and then and need not move. gospin -l -f searches it
 * reduced (docs/por-ltl.md, "Weak fairness") and must find it, as pan
 * does with and without reduction (verify.TestFairNonProgressReduced).
 *
 * SPIN 6.5.2: spin -a fair_receivers_np.pml; gcc -O2 -DNP -DNFAIR=4 -o pan pan.c;
 * ./pan -l -f -m100000 -> non-progress cycle (at depth 6), errors: 1,
 * 6 states stored (14 visited); the same with -DNOREDUCE.
 */
chan ch = [2] of { byte };
active proctype P() { do :: ch!1 od }
active proctype R() { byte x; do :: ch?x od }
active proctype Q() { byte y; ch?y; progress: skip }
