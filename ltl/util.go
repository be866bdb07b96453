package ltl

// numbering numbers keys in the order they are first added.
type numbering[K comparable] struct {
	index map[K]int
	keys  []K
}

func newNumbering[K comparable]() *numbering[K] { return &numbering[K]{index: map[K]int{}} }

// add returns k's number, and whether k is new.
func (n *numbering[K]) add(k K) (int, bool) {
	if i, ok := n.index[k]; ok {
		return i, false
	}
	n.index[k] = len(n.keys)
	n.keys = append(n.keys, k)
	return len(n.keys) - 1, true
}

// kept returns the elements of xs that are not removed, in a new slice.
func kept[T any](xs []T, removed []bool) []T {
	out := xs[:0:0]
	for i, x := range xs {
		if !removed[i] {
			out = append(out, x)
		}
	}
	return out
}

// split returns the elements of xs for which in holds, and the others.
func split(xs []*Formula, in func(*Formula) bool) (yes, no []*Formula) {
	for _, x := range xs {
		if in(x) {
			yes = append(yes, x)
		} else {
			no = append(no, x)
		}
	}
	return yes, no
}

// must returns v, or panics with err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
