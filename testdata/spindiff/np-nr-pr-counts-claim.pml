// With -DNP pan's non-progress claim is a process: _nr_pr counts it (as it counts a never
// claim, where gospin agrees), so under pan -l assert(_nr_pr == 1) fails with one process;
// gospin -l passes (a wrong verdict). Random models see it as fewer runs under
// _nr_pr < N guards (pan -l 3 states, gospin 5, on a model that runs W while _nr_pr < 3).
// SPIN 6.5.2: spin -o1 -o2 -o3 -a m.pml; gcc -O0 -DNP -DNOREDUCE -o pan pan.c; ./pan -l -m100000
// gospin: gospin verify -noreduce -o1 -o2 -o3 -l m.pml
// pan: assertion violated (_nr_pr==1)
// spin: fail|assertion violated|1|1
// gospin at main 05a84a6: | errors: 0 | 5 stored, 2 matched, 9 transitions
// mode: np
// (open until engine.Options.NPClaim: pan -l's claim counts in _nr_pr)
// status: agrees
active proctype P0() {
	assert(_nr_pr == 1)
}
