package verify

import (
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
	"github.com/zeebo/xxh3"
)

// stateHashSeed seeds StateHash: a fixed seed, not the store's, so that
// searches with different hash functions (a swarm's jobs) give the same
// state the same hash, and their sketches can be merged.
const stateHashSeed = 0x5eed_5a4a_2026_0022

// StateHash is the hash Options.OnStore receives for a state's bytes.
func StateHash(s []byte) uint64 { return xxh3.HashSeed(s, stateHashSeed) }

// hookStore makes the search's store call f with StateHash of each state
// it adds. The store is the one the search would make (or the one sopt
// names), wrapped; the search's inner loop is unchanged. Without OnStore
// nothing is wrapped: the hook costs nothing then. A set that is
// store.Lossy is wrapped as one (the search keeps the states' bytes for
// it); one that is not, as one that is not.
func hookStore(sopt *search.Options, f func(uint64)) error {
	if sopt.Store == nil {
		st, err := sopt.OpenStore()
		if err != nil {
			return err
		}
		sopt.Store = st
	}
	// the keys of a nested-DFS acceptance search end in a flag byte: 0
	// for the main search's states, 1 for the nested searches'
	trim := (sopt.Accept || sopt.NonProgress) && !sopt.SCC
	h := &hookedSet{Set: sopt.Store, f: f, trim: trim}
	if l, ok := sopt.Store.(store.Lossy); ok {
		sopt.Store = &hookedLossy{h, l}
		return nil
	}
	sopt.Store = h
	return nil
}

// hookedLossy is a hookedSet over a lossy set (store.Lossy): the search
// keeps the states' bytes itself for such a set, and the report gives its
// storage and omission figures.
type hookedLossy struct {
	*hookedSet
	l store.Lossy
}

var _ store.Lossy = (*hookedLossy)(nil)

// Storage implements store.Lossy.
func (h *hookedLossy) Storage() store.Storage { return h.l.Storage() }

// Omission implements store.Lossy.
func (h *hookedLossy) Omission() store.Omission { return h.l.Omission() }

// hookedSet is a store.Set that reports each state added. It has every
// optional interface the search probes (store.Prefetcher, HashedLookup,
// AuxSet, GuardedSet), forwarded to the wrapped set where it has them, and
// otherwise with the behaviour of a set without them (no prefetch, no
// auxiliary bytes, no guard), so that the search does with the wrapper
// exactly what it does with the set.
type hookedSet struct {
	store.Set
	f    func(uint64)
	trim bool
}

var (
	_ store.Prefetcher   = (*hookedSet)(nil)
	_ store.HashedLookup = (*hookedSet)(nil)
	_ store.AuxSet       = (*hookedSet)(nil)
	_ store.GuardedSet   = (*hookedSet)(nil)
)

func (h *hookedSet) added(s []byte) {
	if h.trim {
		if len(s) == 0 || s[len(s)-1] != 0 {
			return // a nested search's state
		}
		s = s[:len(s)-1]
	}
	h.f(StateHash(s))
}

// Insert implements store.Set.
func (h *hookedSet) Insert(s []byte) (uint64, bool, error) {
	idx, added, err := h.Set.Insert(s)
	if added && err == nil {
		h.added(s)
	}
	return idx, added, err
}

// PrefetchSlot implements store.Prefetcher.
func (h *hookedSet) PrefetchSlot(hash uint64) {
	if pf, ok := h.Set.(store.Prefetcher); ok {
		pf.PrefetchSlot(hash)
	}
}

// LookupHashed implements store.HashedLookup (Lookup where the set has
// no such method: the hash is Hash of s either way).
func (h *hookedSet) LookupHashed(s []byte, hash uint64) (uint64, bool) {
	if hl, ok := h.Set.(store.HashedLookup); ok {
		return hl.LookupHashed(s, hash)
	}
	return h.Set.Lookup(s)
}

// InsertHashed implements store.Prefetcher.
func (h *hookedSet) InsertHashed(s []byte, hash uint64) (uint64, bool, error) {
	pf, ok := h.Set.(store.Prefetcher)
	if !ok {
		return h.Insert(s)
	}
	idx, added, err := pf.InsertHashed(s, hash)
	if added && err == nil {
		h.added(s)
	}
	return idx, added, err
}

// SetAux implements store.AuxSet.
func (h *hookedSet) SetAux(n int) bool {
	a, ok := h.Set.(store.AuxSet)
	return ok && a.SetAux(n)
}

// Aux implements store.AuxSet.
func (h *hookedSet) Aux(idx uint64) []byte {
	if a, ok := h.Set.(store.AuxSet); ok {
		return a.Aux(idx)
	}
	return nil
}

// SetGuard implements store.GuardedSet.
func (h *hookedSet) SetGuard(f func(extra int64) bool) {
	if g, ok := h.Set.(store.GuardedSet); ok {
		g.SetGuard(f)
	}
}
