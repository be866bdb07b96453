package reach

// From returns, for nodes 0..n-1, which are reachable from node from
// (from included), by a depth-first walk: succ calls push on each
// successor of node q (a successor out of range is ignored), and visit,
// if not nil, is called on each reachable node in the walk's order.
func From(n, from int, succ func(q int, push func(int)), visit func(q int)) []bool {
	seen := make([]bool, n)
	if from < 0 || from >= n {
		return seen
	}
	stack := []int{from}
	seen[from] = true
	push := func(to int) {
		if to >= 0 && to < n && !seen[to] {
			seen[to] = true
			stack = append(stack, to)
		}
	}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if visit != nil {
			visit(q)
		}
		succ(q, push)
	}
	return seen
}
