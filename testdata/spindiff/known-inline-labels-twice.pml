// An inline with a label and a goto, called twice in one proctype (GenerateSpin with
// SpinConfig.Known): SPIN gives each expansion its own label; gospin verify refuses the model
// (label jmp_done redeclared).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 m.pml
// spin: pass|-|8|8
// gospin at main 05a84a6: gospin: m.pml: m.pml:8:1: error: label jmp_done redeclared |  |  stored,  matched,  transitions
// mode: safety
// (a known disagreement until the fixes of issue 17 were merged)
// status: agrees
byte g0, g1;
inline jmp(v) {
	if
	:: v == 2 -> goto jmp_done
	:: else -> g0 = v
	fi;
	v = (v + g1) % 3;
jmp_done:
	g1 = v
}
active proctype P0() {
	byte l0 = 2, l1;
	jmp(l0);
	jmp(l1)
}
