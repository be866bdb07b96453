/*
 * Weak fairness with partial-order reduction on a point-to-point pipe:
 * P sends to Q alone, W computes on its own; the local steps and the
 * sends and receives on c may form ample sets under -f (docs/por-ltl.md,
 * "Weak fairness"). The property holds.
 *
 * SPIN 6.5.2: spin -a fair_pipe.pml; gcc -O2 -DNFAIR=4 -o pan pan.c;
 * ./pan -a -f -m100000 -> errors: 0, 99 states stored (225 visited);
 * with -DNOREDUCE: errors: 0, 668 states stored (3736 visited).
 * gospin verify -a -f: errors: 0, 46 states stored; -noreduce: 2,672.
 */
chan c = [2] of { byte };
byte done;
active proctype P() {
	byte i, a;
	do
	:: i < 3 -> a = a + i; a = a * 2; c!a; i++
	:: i >= 3 -> break
	od;
	done++
}
active proctype Q() {
	byte j, b, sum;
	do
	:: j < 3 -> c?b; sum = sum + b; sum = sum % 7; j++
	:: j >= 3 -> break
	od;
	done++
}
active proctype W() {
	byte k, x;
	do
	:: k < 4 -> x = x + 3; x = x % 5; k++
	:: k >= 4 -> break
	od;
	done++
}
ltl p { <> (done == 3) }
