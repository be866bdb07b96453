package ltl

// degeneralize converts a TGBA (edge-based acceptance) into a state-based
// Büchi automaton, with levels only inside non-weak accepting SCCs, level
// skipping, and reuse of an existing level when entering an SCC. order
// is the order in which the levels wait for the acceptance sets; mode
// says which level an edge into another levelled SCC enters: 0 the
// first, 1 the one its target was first reached with, 2 the accepting
// one.
func (a *Automaton) degeneralize(order []int, mode int) *Automaton {
	comp, nc := a.sccs()
	acc, weak, _ := a.sccInfo(comp, nc)
	k := a.NumSets
	type key struct{ q, l int }
	index := map[key]int{}
	var keys []key
	firstLevel := map[int]int{}
	b := &Automaton{NumSets: 1, NumProps: a.NumProps, tc: a.tc}
	get := func(q, l int) int {
		kk := key{q, l}
		if i, ok := index[kk]; ok {
			return i
		}
		i := len(keys)
		index[kk] = i
		keys = append(keys, kk)
		if _, ok := firstLevel[q]; !ok {
			firstLevel[q] = l
		}
		c := comp[q]
		b.States = append(b.States, State{Accepting: acc[c] && (weak[c] || l == k)})
		return i
	}
	levelled := func(q int) bool { c := comp[q]; return acc[c] && !weak[c] }
	if mode == 2 && levelled(a.Init) {
		get(a.Init, k)
	} else {
		get(a.Init, 0)
	}
	for i := 0; i < len(keys); i++ {
		q, l := keys[i].q, keys[i].l
		for _, e := range a.States[q].Edges {
			d := e.To
			nl := 0
			if levelled(d) {
				if comp[d] == comp[q] {
					nl = l
					if nl == k {
						nl = 0
					}
					for nl < k && e.Marks>>uint(order[nl])&1 != 0 {
						nl++
					}
				} else if fl, ok := firstLevel[d]; ok && mode == 1 {
					nl = fl
				} else if mode == 2 {
					nl = k
				}
			}
			j := get(d, nl)
			e.To = j
			e.Marks = 0
			b.States[i].Edges = append(b.States[i].Edges, e)
		}
	}
	return b
}

// permutations lists the orders of n acceptance sets tried by the
// degeneralization (all of them for n ≤ 4, else the identity).
func permutations(n int) [][]int {
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	if n <= 1 || n > 4 {
		return [][]int{id}
	}
	var out [][]int
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			out = append(out, append([]int(nil), id...))
			return
		}
		for i := k; i < n; i++ {
			id[k], id[i] = id[i], id[k]
			rec(k + 1)
			id[k], id[i] = id[i], id[k]
		}
	}
	rec(0)
	return out
}
