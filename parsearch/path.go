package parsearch

import "github.com/gospin/gospin/search"

// path is an immutable path from the initial state, shared by the items
// that start below it: the steps of parent (nil for the root), then
// steps. A donation copies only the steps its worker's stack added since
// its last donation (snapshot), so that giving work away from a deep
// stack costs no copy of the whole path.
type path struct {
	parent *path
	n      int // len(parent) + len(steps)
	steps  []search.Step
}

func (p *path) len() int {
	if p == nil {
		return 0
	}
	return p.n
}

// prefix returns the path of the first k steps of p (k <= p.len()).
func (p *path) prefix(k int) *path {
	for p != nil && k < p.n {
		pl := p.parent.len()
		if k >= pl {
			if k == pl {
				return p.parent
			}
			return &path{parent: p.parent, n: k, steps: p.steps[: k-pl : k-pl]}
		}
		p = p.parent
	}
	return p
}

// appendTo appends the steps of p to dst.
func (p *path) appendTo(dst []search.Step) []search.Step {
	if p == nil {
		return dst
	}
	dst = p.parent.appendTo(dst)
	return append(dst, p.steps...)
}
