/* Which skips SPIN drops from an option: a run of no-op steps (skip, true,
   (1), printf) keeps its first step, every printf and the option's last
   step; a labelled skip ends the run. Outside options (the proctype's own
   sequence, { } blocks, inline bodies) nothing is dropped.
   SPIN 6.5.2, safety_plain: 38 stored, 41 transitions, errors: 0
   (gospin before: 46 stored, 49 transitions). */
byte x;
inline two() { skip; skip; skip }
active proctype P() {
	if
	:: x == 0 -> true; (1); skip; L: skip; skip; x = 1; skip; skip
	:: x == 0 -> two(); skip; skip; x = 2
	:: x == 0 -> { skip; skip; skip }; printf("a\n"); skip; x = 3
	fi;
	skip; skip;
	do
	:: x < 5 -> printf("b\n"); skip; x++
	:: x == 5 -> skip; skip
	od
}
