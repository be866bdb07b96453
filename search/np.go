package search

import "github.com/gospin/gospin/pins"

// npModel is the product of a model with pan's non-progress claim (-l):
//
//	S0: if :: np_ -> goto S1 :: true -> goto S0 fi   (S0 not accepting)
//	S1: if :: np_ -> goto S1 fi                      (S1 accepting)
//
// where np_ holds when no process is at a progress label. An acceptance
// cycle of the product is a non-progress cycle of the model. As with any
// never claim, the claim moves first at every step; when the model has no
// successor the path ends (a deadlock is not a non-progress cycle, and
// invalid end states are not reported).
type npModel struct {
	m    pins.Model
	info pins.Info
	buf  []byte
	tr   pins.Transition
}

func newNPModel(m pins.Model) *npModel {
	n := &npModel{m: m}
	if i := m.Info(); i != nil {
		n.info = *i
	}
	n.info.Claim = true
	return n
}

func (n *npModel) Initial(dst []byte) ([]byte, error) {
	s, err := n.m.Initial(dst)
	if err != nil {
		return nil, err
	}
	return append(s, 0), nil
}

func (n *npModel) Info() *pins.Info { return &n.info }

func (n *npModel) Status(s []byte) pins.StateStatus {
	st := n.m.Status(s[:len(s)-1]) &^ (pins.Accepting | pins.ClaimEnded)
	if s[len(s)-1] == 1 {
		st |= pins.Accepting
	}
	return st
}

func (n *npModel) Next(s []byte, yield func(t *pins.Transition, succ []byte) bool) {
	sys := s[: len(s)-1 : len(s)-1]
	np := n.m.Status(sys)&pins.Progress == 0
	// the claim's transitions in pan's order: np_ first, then true
	type move struct {
		id int
		to byte
	}
	var moves [2]move
	k := 0
	if np {
		moves[k] = move{0, 1}
		k++
	}
	if s[len(s)-1] == 0 {
		moves[k] = move{1, 0}
		k++
	}
	for _, mv := range moves[:k] {
		stop := false
		n.m.Next(sys, func(t *pins.Transition, succ []byte) bool {
			n.buf = append(append(n.buf[:0], succ...), mv.to)
			n.tr = *t
			n.tr.Claim = mv.id
			if !yield(&n.tr, n.buf) {
				stop = true
				return false
			}
			return true
		})
		if stop {
			return
		}
	}
}

// npCounter counts the processes of an npModel state.
type npCounter struct{ pc ProcCounter }

func (c npCounter) NumProcs(s []byte) int { return c.pc.NumProcs(s[:len(s)-1]) }
