package store

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// rootTable is the shared tree's set of roots (SharedTree): a compact
// hash set that every worker inserts into with a compare-and-swap, after
// the sequential tree's rootSet (Cleary's quotienting) made lock-free by
// keeping each cell inside one 64-bit word.
//
// A root (class, left, right) is a key of kb = cb + 2*nb bits (a class
// number, then the two node numbers in nb bits each), scrambled by a
// bijection on kb bits (perm). The table is m words; 2^s <= m < 2^(s+1),
// and a key's top s bits, its quotient q, give its home word q*m/2^s
// (one-to-one, so the quotient is known from the home). A word holds k
// cells of w bits, k*w <= 63 (no cell straddles two words, so a cell
// changes by a compare-and-swap of its word), and its top bit is the
// frozen bit of a growth. A cell is 0 (empty) or the key's remainder
// (its low kb-s bits), rtFlags flag bits (the done bit of the reduction's
// proviso, CNDFS's red and blue) and the distance, in words, from its
// home to its word, plus one. A key sits in the first word from its home
// that has an empty cell (linear probing by words, no deletion), so a
// lookup stops at the first word with an empty cell.
//
// Growth is lock-free for the other workers: the worker that grows the
// table (at 85% of its cells, 3/4 where a word holds one, when a key would lie further from home than
// a cell can say, or when a root's node numbers or class no longer fit
// the widths) makes the next table (about 1.5 times the cells, and the
// new widths) and moves the words in parts: each word is first frozen (its
// top bit set by a compare-and-swap), then its cells are decoded (home,
// quotient, the bijection's inverse) and placed in the new table. A worker
// that meets a frozen word, in an insert, a lookup or a flag's change,
// helps move parts and then waits for the new table, and tries again
// there; a change that reached a word before it froze is moved with it.
// So nobody stops to let the table grow, and a flag may be set from any
// goroutine without a handle (MarkDone).
type rootTable struct {
	cur    atomic.Pointer[rtFormat]
	migr   atomic.Pointer[rtMigration]
	growMu sync.Mutex
	count  atomic.Int64 // keys stored, up to cBatch per worker behind
	// reserve and release account for the tables' bytes
	reserve func(int64) error
	release func(int64)
	nodes   func() uint64 // node numbers handed out so far (width slack)
	grows   atomic.Int64
}

// rtFormat is one table: its words and its layout, fixed for its life.
type rtFormat struct {
	words  []uint64
	m      uint64 // words
	s      uint   // floor(log2 m)
	k      uint   // cells per word
	w      uint   // bits per cell
	d      uint   // bits of the distance field
	cb, nb uint   // bits of a class number, of a node number
	kb, rb uint   // bits of a key, of a remainder (kb - s)
	limit  int64  // grow at this many keys
	// ovf: the overflow area, pairs of words (key+1, flags), each with
	// the frozen bit, for the keys that lie further from home than a
	// cell can say; ovfN of its ovfCap pairs are taken, and the table
	// grows at ovfLimit
	ovf      []uint64
	ovfCap   uint64
	ovfN     atomic.Int64
	ovfLimit int64
	classes  []uint8
	cid      [64]int8 // class -> class number + 1
}

const (
	rtFlags   = 3
	rtFrozen  = uint64(1) << 63
	rtMinDisp = 6   // distance bits at the least
	rtMaxDisp = 24  // and at the most
	rtMinM    = 64  // words at the least
	rtMaxNB   = 29  // node numbers below 2^29 (an index packs two)
	rtLoadPct = 85  // grow at 85% of the cells (two or more a word)
	rtOvfDen  = 512 // overflow pairs: one per rtOvfDen words
)

// The flags a rootTable keeps per key.
const (
	FlagDone = 0 // the reduction's done bit (DoneMarker)
	FlagRed  = 1 // CNDFS's red
	FlagBlue = 2 // CNDFS's blue
)

// StateFlags is a ConcurrentSet that keeps a few flag bits per stored
// state in its own table (FlagDone, FlagRed, FlagBlue): SetFlag sets
// flag f of the state at idx and says whether this call set it, Flag
// reads it; from any goroutine, for an index that a handle returned.
type StateFlags interface {
	SetFlag(idx uint64, f uint) bool
	Flag(idx uint64, f uint) bool
}

// rtDispCap bounds the distance field's bits (a test makes it small, so
// that keys go to the overflow area often).
var rtDispCap = uint(rtMaxDisp)

// newFormat lays out a table of about cells cells for the given classes
// and node width, widening nb where the quotient needs more key bits.
func newFormat(cells uint64, classes []uint8, nb uint) *rtFormat {
	f := &rtFormat{classes: classes}
	for i, c := range classes {
		f.cid[c] = int8(i + 1)
	}
	if len(classes) > 1 {
		f.cb = uint(bits.Len(uint(len(classes) - 1)))
	}
	for k := uint(8); ; k-- {
		m := max((cells+uint64(k)-1)/uint64(k), rtMinM)
		s := uint(bits.Len64(m) - 1)
		n := nb
		if f.cb+2*n < s+1 {
			n = (s + 1 - f.cb + 1) / 2
		}
		kb := f.cb + 2*n
		rb := kb - s
		if k > 1 && rb+rtFlags+rtMinDisp > 63/k {
			continue
		}
		f.m, f.s, f.k, f.nb, f.kb, f.rb = m, s, k, n, kb, rb
		f.ovfCap = max(m/rtOvfDen, 256)
		f.ovfLimit = int64(f.ovfCap * 3 / 4)
		f.w = 63 / k
		f.d = min(f.w-rb-rtFlags, rtDispCap)
		f.limit = int64(m * uint64(k) * 3 / 4)
		if k > 1 {
			// a word of k cells is a bucket: the runs of full words stay
			// short to a higher load than single cells'
			f.limit = int64(m * uint64(k) * rtLoadPct / 100)
		}
		return f
	}
}

func (f *rtFormat) bytes() int64 { return int64(f.m+2*f.ovfCap) * 8 }

// alloc makes f's words and overflow area.
func (f *rtFormat) alloc() {
	f.words = make([]uint64, f.m)
	f.ovf = make([]uint64, 2*f.ovfCap)
	prefault64(f.words)
	prefault64(f.ovf)
}

// encode returns the key of root (class, l, r); ok is false when it does
// not fit the widths.
func (f *rtFormat) encode(class uint, l, r uint32) (uint64, bool) {
	c := f.cid[class]
	if c == 0 || uint64(l)>>f.nb != 0 || uint64(r)>>f.nb != 0 {
		return 0, false
	}
	return uint64(c-1)<<(2*f.nb) | uint64(l)<<f.nb | uint64(r), true
}

func (f *rtFormat) decode(key uint64) (class uint, l, r uint32) {
	m := uint64(1)<<f.nb - 1
	return uint(f.classes[key>>(2*f.nb)]), uint32(key >> f.nb & m), uint32(key & m)
}

// home is the word of quotient q: floor(q*m / 2^s).
func (f *rtFormat) home(q uint64) uint64 {
	hi, lo := bits.Mul64(q, f.m)
	return hi<<(64-f.s) | lo>>f.s
}

// quotient inverts home: ceil(h*2^s / m).
func (f *rtFormat) quotient(h uint64) uint64 {
	hi, lo := h>>(64-f.s), h<<f.s
	var c uint64
	lo, c = bits.Add64(lo, f.m-1, 0)
	hi += c
	q, _ := bits.Div64(hi, lo, f.m)
	return q
}

// probe outcomes
const (
	rtFound = iota
	rtAbsent
	rtFrozenSeen
	rtOverflow // (probe) every word up to the furthest distance is full; (ovfProbe) the area is full
)

// probe looks for scrambled key x: it returns the word and cell where x
// is (rtFound) or would go (rtAbsent, the first empty cell), the word's
// value as read, and the outcome.
func (f *rtFormat) probe(x uint64) (wi uint64, j uint, v uint64, st int) {
	rem := x & (uint64(1)<<f.rb - 1)
	i := f.home(x >> f.rb)
	cmask := uint64(1)<<f.w - 1
	dmask := uint64(1)<<f.d - 1
	for dist := uint64(1); dist <= dmask; dist++ {
		v := atomic.LoadUint64(&f.words[i])
		if v&rtFrozen != 0 {
			return i, 0, v, rtFrozenSeen
		}
		empty := f.k
		for jj := uint(0); jj < f.k; jj++ {
			c := v >> (jj * f.w) & cmask
			if c == 0 {
				if empty == f.k {
					empty = jj
				}
				continue
			}
			if c&dmask == dist && c>>(f.d+rtFlags) == rem {
				return i, jj, v, rtFound
			}
		}
		if empty < f.k {
			return i, empty, v, rtAbsent
		}
		if i++; i == f.m {
			i = 0
		}
	}
	return 0, 0, 0, rtOverflow
}

// ovfProbe looks for scrambled key x in the overflow area: it returns
// the pair where x is (rtFound) or would go (rtAbsent), and the outcome.
func (f *rtFormat) ovfProbe(x uint64) (uint64, int) {
	i := mix64(x) % f.ovfCap
	for range f.ovfCap {
		k := atomic.LoadUint64(&f.ovf[2*i])
		switch {
		case k&rtFrozen != 0:
			return i, rtFrozenSeen
		case k == 0:
			return i, rtAbsent
		case k == x+1:
			return i, rtFound
		}
		if i++; i == f.ovfCap {
			i = 0
		}
	}
	return 0, rtOverflow
}

// cellOf is the cell of scrambled key x in word i at distance dist-1.
func (f *rtFormat) cellOf(x, dist uint64) uint64 {
	return (x&(uint64(1)<<f.rb-1))<<(f.d+rtFlags) | dist
}

// newRootTable returns an empty root table sized for about cells keys.
func newRootTable(cells uint64, reserve func(int64) error, release func(int64), nodes func() uint64) *rootTable {
	t := &rootTable{reserve: reserve, release: release, nodes: nodes}
	f := newFormat(cells, nil, 1)
	f.alloc()
	t.cur.Store(f)
	return t
}

// bytes is the current table's size.
func (t *rootTable) bytes() int64 { return t.cur.Load().bytes() }

// insert adds root (class, l, r) unless present; batch is the calling
// worker's count of keys not yet added to t.count.
func (t *rootTable) insert(class uint, l, r uint32, batch *int64) (bool, error) {
	for {
		f := t.cur.Load()
		if t.count.Load() >= f.limit {
			if err := t.grow(f, class, l, r, false); err != nil {
				return false, err
			}
			continue
		}
		key, ok := f.encode(class, l, r)
		if !ok {
			if err := t.grow(f, class, l, r, false); err != nil {
				return false, err
			}
			continue
		}
		x := perm(key, f.kb)
		wi, j, v, st := f.probe(x)
		if st == rtOverflow {
			var oi uint64
			switch oi, st = f.ovfProbe(x); st {
			case rtAbsent:
				if f.ovfN.Load() >= f.ovfLimit {
					st = rtOverflow
					break
				}
				if !atomic.CompareAndSwapUint64(&f.ovf[2*oi], 0, x+1) {
					continue
				}
				f.ovfN.Add(1)
				t.added(batch)
				return true, nil
			}
		}
		switch st {
		case rtFound:
			return false, nil
		case rtFrozenSeen:
			t.wait(f)
			continue
		case rtOverflow:
			if err := t.grow(f, class, l, r, true); err != nil {
				return false, err
			}
			continue
		}
		dist := (wi + f.m - f.home(x>>f.rb)) % f.m
		nv := v | f.cellOf(x, dist+1)<<(j*f.w)
		if atomic.CompareAndSwapUint64(&f.words[wi], v, nv) {
			t.added(batch)
			return true, nil
		}
		// the word changed (a key added to it, a flag, or frozen): look again
	}
}

// added counts a key added (batch: as insert's).
func (t *rootTable) added(batch *int64) {
	if *batch++; *batch == cBatch {
		t.count.Add(cBatch)
		*batch = 0
	}
}

// find says whether root (class, l, r) is stored.
func (t *rootTable) find(class uint, l, r uint32) bool {
	for {
		f := t.cur.Load()
		key, ok := f.encode(class, l, r)
		if !ok {
			return false
		}
		x := perm(key, f.kb)
		_, _, _, st := f.probe(x)
		if st == rtOverflow {
			_, st = f.ovfProbe(x)
		}
		switch st {
		case rtFound:
			return true
		case rtFrozenSeen:
			t.wait(f)
			continue
		}
		return false
	}
}

// flag reads (set false) or sets (set true) flag fl of a stored root;
// with set, it says whether this call set it. A root not stored has no
// flag (false).
func (t *rootTable) flag(class uint, l, r uint32, fl uint, set bool) bool {
	for {
		f := t.cur.Load()
		key, ok := f.encode(class, l, r)
		if !ok {
			return false
		}
		x := perm(key, f.kb)
		wi, j, v, st := f.probe(x)
		if st == rtOverflow {
			var oi uint64
			if oi, st = f.ovfProbe(x); st == rtFound {
				p := &f.ovf[2*oi+1]
				v := atomic.LoadUint64(p)
				if v&rtFrozen != 0 {
					t.wait(f)
					continue
				}
				bit := uint64(1) << fl
				if !set || v&bit != 0 {
					return v&bit != 0 && !set
				}
				if atomic.CompareAndSwapUint64(p, v, v|bit) {
					return true
				}
				continue
			}
		}
		switch st {
		case rtFrozenSeen:
			t.wait(f)
			continue
		case rtFound:
		default:
			return false
		}
		bit := uint64(1) << (j*f.w + f.d + fl)
		if !set || v&bit != 0 {
			return v&bit != 0 && !set
		}
		if atomic.CompareAndSwapUint64(&f.words[wi], v, v|bit) {
			return true
		}
	}
}

// wait helps the growth away from f and waits for its end (or for the
// growth's lock to be free with f still current: the grower failed, and
// the caller tries again, growing itself).
func (t *rootTable) wait(f *rtFormat) {
	for t.cur.Load() == f {
		if g := t.migr.Load(); g != nil && g.old == f {
			g.help()
		} else if t.growMu.TryLock() {
			t.growMu.Unlock()
			if t.cur.Load() == f && t.migr.Load() == nil {
				return
			}
		}
		runtime.Gosched()
	}
}

// rtMigration is a growth under way: old's words move to nf in parts.
type rtMigration struct {
	old, nf  *rtFormat
	parts    int64
	next     atomic.Int64
	done     atomic.Int64
	overflow atomic.Bool // a key lay too far from home in nf
}

const rtPart = 1 << 12

// freeze sets the frozen bit of *p and returns the word as it was.
func freeze(p *uint64) uint64 {
	v := atomic.LoadUint64(p)
	for v&rtFrozen == 0 {
		if atomic.CompareAndSwapUint64(p, v, v|rtFrozen) {
			break
		}
		v = atomic.LoadUint64(p)
	}
	return v &^ rtFrozen
}

// help moves parts until none is left to take (the last part is the
// overflow area).
func (g *rtMigration) help() {
	old, nf := g.old, g.nf
	cmask := uint64(1)<<old.w - 1
	dmask := uint64(1)<<old.d - 1
	for {
		p := g.next.Add(1) - 1
		if p >= g.parts {
			return
		}
		if p == g.parts-1 {
			for i := uint64(0); i < old.ovfCap; i++ {
				k := freeze(&old.ovf[2*i])
				fl := freeze(&old.ovf[2*i+1])
				if k == 0 {
					continue
				}
				cl, l, r := old.decode(unperm(k-1, old.kb))
				key, _ := nf.encode(cl, l, r)
				if !nf.place(perm(key, nf.kb), fl) {
					g.overflow.Store(true)
				}
			}
			g.done.Add(1)
			continue
		}
		lo := uint64(p) * rtPart
		hi := min(lo+rtPart, old.m)
		for i := lo; i < hi; i++ {
			v := freeze(&old.words[i])
			for j := uint(0); j < old.k; j++ {
				c := v >> (j * old.w) & cmask
				if c == 0 {
					continue
				}
				dist := c&dmask - 1
				h := (i + old.m - dist%old.m) % old.m
				x := old.quotient(h)<<old.rb | c>>(old.d+rtFlags)
				fl := c >> old.d & (1<<rtFlags - 1)
				cl, l, r := old.decode(unperm(x, old.kb))
				key, _ := nf.encode(cl, l, r)
				if !nf.place(perm(key, nf.kb), fl) {
					g.overflow.Store(true)
				}
			}
		}
		g.done.Add(1)
	}
}

// place puts scrambled key x (not present) with flags fl in the first
// word from its home with an empty cell (no word of f is frozen), or in
// the overflow area when that is further than a cell can say; false
// when the area is full too.
func (f *rtFormat) place(x, fl uint64) bool {
	i := f.home(x >> f.rb)
	cmask := uint64(1)<<f.w - 1
	dmask := uint64(1)<<f.d - 1
	for dist := uint64(1); dist <= dmask; {
		v := atomic.LoadUint64(&f.words[i])
		j := uint(0)
		for ; j < f.k && v>>(j*f.w)&cmask != 0; j++ {
		}
		if j == f.k {
			if i++; i == f.m {
				i = 0
			}
			dist++
			continue
		}
		c := f.cellOf(x, dist) | fl<<f.d
		if atomic.CompareAndSwapUint64(&f.words[i], v, v|c<<(j*f.w)) {
			return true
		}
	}
	for {
		i, st := f.ovfProbe(x)
		if st != rtAbsent || f.ovfN.Load() >= f.ovfLimit {
			return false
		}
		if atomic.CompareAndSwapUint64(&f.ovf[2*i], 0, x+1) {
			f.ovfN.Add(1)
			atomic.StoreUint64(&f.ovf[2*i+1], fl)
			return true
		}
	}
}

// grow replaces table f by a larger one, or one whose widths fit root
// (class, l, r), unless another worker does (then it waits for it).
func (t *rootTable) grow(f *rtFormat, class uint, l, r uint32, overflow bool) error {
	if !t.growMu.TryLock() {
		t.wait(f)
		return nil
	}
	defer t.growMu.Unlock()
	if t.cur.Load() != f {
		return nil
	}
	classes := f.classes
	if f.cid[class] == 0 {
		if len(classes) == 32 {
			return ErrMemLimit
		}
		classes = append(append([]uint8(nil), classes...), uint8(class))
	}
	cells := f.m * uint64(f.k)
	if overflow || t.count.Load() >= f.limit {
		cells = nextCells(cells)
	}
	nb := f.nb
	if need := uint(max(bits.Len32(l), bits.Len32(r))); need > nb {
		if need > rtMaxNB {
			return ErrMemLimit
		}
		// room for the nodes to come (twice those numbered so far), where
		// that costs no cell a word
		nb = need
		if more := min(max(need, uint(bits.Len64(2*t.nodes()))), rtMaxNB); newFormat(cells, classes, more).k == newFormat(cells, classes, need).k {
			nb = more
		}
	}
	for {
		nf := newFormat(cells, classes, nb)
		if err := t.reserve(nf.bytes()); err != nil {
			if t.migr.Load() != nil {
				// a retry after an overflow: f's words are frozen, and
				// nobody writes them; thaw them for the waiters
				for i := range f.words {
					atomic.AndUint64(&f.words[i], ^rtFrozen)
				}
				for i := range f.ovf {
					atomic.AndUint64(&f.ovf[i], ^rtFrozen)
				}
				t.migr.Store(nil)
			}
			return err
		}
		nf.alloc()
		g := &rtMigration{old: f, nf: nf, parts: int64((f.m+rtPart-1)/rtPart) + 1}
		t.migr.Store(g)
		g.help()
		for g.done.Load() < g.parts {
			runtime.Gosched()
		}
		if g.overflow.Load() {
			t.release(nf.bytes())
			cells = nextCells(nextCells(cells))
			continue
		}
		t.cur.Store(nf)
		t.migr.Store(nil)
		t.release(f.bytes())
		t.grows.Add(1)
		return nil
	}
}

// each calls f with every root (no worker inserting).
func (t *rootTable) each(fn func(class uint, l, r uint32) bool) {
	f := t.cur.Load()
	cmask := uint64(1)<<f.w - 1
	dmask := uint64(1)<<f.d - 1
	for i := uint64(0); i < f.m; i++ {
		v := f.words[i]
		for j := uint(0); j < f.k; j++ {
			c := v >> (j * f.w) & cmask
			if c == 0 {
				continue
			}
			h := (i + f.m - (c&dmask-1)%f.m) % f.m
			x := f.quotient(h)<<f.rb | c>>(f.d+rtFlags)
			if !fn(f.decode(unperm(x, f.kb))) {
				return
			}
		}
	}
	for i := uint64(0); i < f.ovfCap; i++ {
		if k := f.ovf[2*i]; k != 0 && !fn(f.decode(unperm(k-1, f.kb))) {
			return
		}
	}
}
