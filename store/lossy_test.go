package store

import (
	"encoding/binary"
	"math"
	"testing"
)

func key(i uint64) []byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], i)
	return b[:]
}

// TestParseSize: bytes, binary units, fractions; bad sizes refused.
func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"3000000000": 3000000000, "64MB": 64 << 20, "1.5GB": 3 << 29, "512k": 512 << 10, "2GiB": 2 << 30, "1T": 1 << 40, "100B": 100, " 8 MB ": 8 << 20} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MB", "-1", "-1MB", "12XB", "1e30GB", "NaN"} {
		if got, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", in, got)
		}
	}
	for _, n := range []int64{100, 64 << 20, 3 << 29, 5 << 40} {
		if got, err := ParseSize(FormatSize(n)); err != nil || got != n {
			t.Errorf("ParseSize(FormatSize(%d) = %q) = %d, %v", n, FormatSize(n), got, err)
		}
	}
}

// TestHashCompactExactWhenWide: with 64-bit signatures and a table far
// from full, every distinct state is new once, and found again; indices
// are stable.
func TestHashCompactExactWhenWide(t *testing.T) {
	for _, b := range []int{64, 37, 13} {
		h, err := NewHashCompact(1_000_003, b, 1) // not a power of two
		if err != nil {
			t.Fatal(err)
		}
		idx := map[uint64]uint64{}
		n := 2000
		for i := 0; i < n; i++ {
			x, added, err := h.Insert(key(uint64(i)))
			if err != nil || !added && b == 64 {
				t.Fatalf("b=%d: insert %d: added %v, %v", b, i, added, err)
			}
			if added {
				idx[uint64(i)] = x
			}
		}
		for i, x := range idx {
			y, added, _ := h.Insert(key(i))
			z, found := h.Lookup(key(i))
			if added || y != x || !found || z != x {
				t.Fatalf("b=%d: state %d again: idx %d/%d (was %d), added %v, found %v", b, i, y, z, x, added, found)
			}
		}
		if h.State(0) != nil || h.Len() != len(idx) {
			t.Errorf("b=%d: Len %d, want %d", b, h.Len(), len(idx))
		}
	}
}

// TestHashCompactCollisions: 4-bit signatures in a small table collide
// often; the measured omissions agree with the estimate (within a factor
// the variance allows), and the table refuses states once 90% full.
func TestHashCompactCollisions(t *testing.T) {
	const trials = 40
	var measured, predicted float64
	for seed := uint64(0); seed < trials; seed++ {
		h, err := NewHashCompact(4096/8*8, 8, seed) // 4096 cells of 8 bits
		if err != nil {
			t.Fatal(err)
		}
		omitted := 0
		for i := 0; i < 2000; i++ {
			if _, added, err := h.Insert(key(uint64(i) + seed<<32)); err != nil {
				t.Fatal(err)
			} else if !added {
				omitted++ // every key is distinct: a match is an omission
			}
		}
		measured += float64(omitted)
		predicted += h.Omission().ExpectedOmitted
	}
	t.Logf("8-bit signatures, 2000 states in 4096 cells: %.2f omitted per run, %.2f predicted", measured/trials, predicted/trials)
	if measured == 0 || math.Abs(measured-predicted) > 0.25*predicted {
		t.Errorf("measured %.1f omissions, predicted %.1f", measured, predicted)
	}
	h, _ := NewHashCompact(100, 8, 0) // 100 cells
	var err error
	i := 0
	for ; err == nil && i < 1000; i++ {
		_, _, err = h.Insert(key(uint64(i)))
	}
	if !IsTableFull(err) || h.Len() != 90 {
		t.Errorf("a full table: %v after %d states, %d kept", err, i, h.Len())
	}
}

// TestHashCompactPacking: cells of odd widths straddle words; writing one
// never disturbs its neighbours.
func TestHashCompactPacking(t *testing.T) {
	for _, b := range []int{4, 7, 33, 63, 64} {
		h, _ := NewHashCompact(1000, b, 0)
		want := make([]uint64, h.cells)
		for i := range want {
			v := (uint64(i)*0x9E3779B97F4A7C15 | 1) & h.mask
			want[i] = v
			h.set(uint64(i), v)
		}
		for i := range want {
			if got := h.get(uint64(i)); got != want[i] {
				t.Fatalf("b=%d: cell %d = %x, want %x", b, i, got, want[i])
			}
		}
	}
}

// TestBitstate: a large array keeps every state; a tiny one omits states,
// as many as the estimate says on average; Lookup agrees with Insert.
func TestBitstate(t *testing.T) {
	b, err := NewBitstate(1<<20+3, 3, 9)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1000; i++ {
		x, added, _ := b.Insert(key(uint64(i)))
		y, found := b.Lookup(key(uint64(i)))
		if !added || !found || x != y || x == ^uint64(0) {
			t.Fatalf("state %d: added %v found %v idx %d/%d", i, added, found, x, y)
		}
	}
	if _, added, _ := b.Insert(key(5)); added {
		t.Error("a stored state added again")
	}
	const trials = 40
	var measured, predicted float64
	for seed := uint64(0); seed < trials; seed++ {
		b, _ := NewBitstate(1000, 3, seed) // 8000 bits
		for i := 0; i < 2000; i++ {
			if _, added, _ := b.Insert(key(uint64(i) + seed<<32)); !added {
				measured++
			}
		}
		predicted += b.Omission().ExpectedOmitted
	}
	t.Logf("bitstate k=3, 2000 states in 8000 bits: %.2f omitted per run, %.2f predicted", measured/trials, predicted/trials)
	if measured == 0 || math.Abs(measured-predicted) > 0.2*predicted {
		t.Errorf("measured %.1f omissions, predicted %.1f", measured, predicted)
	}
}

// TestOpenConfig: modes, defaults and refusals.
func TestOpenConfig(t *testing.T) {
	for _, c := range []struct {
		cfg   Config
		bytes int64
	}{
		{Config{Mode: ModeBitstate}, 1 << 24},
		{Config{Mode: ModeBitstate, Log2: 20}, 1 << 17},
		{Config{Mode: ModeHC}, 1 << 27},
		{Config{Mode: ModeHC, HCBits: 32, Log2: 10}, 4 << 10},
		{Config{Mode: ModeHC, Mem: 1000001}, 1000001},
	} {
		s, err := Open(c.cfg, 10, 0, true)
		if err != nil {
			t.Fatal(err)
		}
		l, ok := s.(Lossy)
		if !ok || l.Storage().Bytes < c.bytes || l.Storage().Bytes > c.bytes+16 {
			t.Errorf("%+v: %T, %d bytes, want %d", c.cfg, s, l.Storage().Bytes, c.bytes)
		}
	}
	// auto opens the exact store (verify.Run moves it to a tree)
	if s, err := Open(Config{Mode: ModeAuto}, 10, 0, true); err != nil {
		t.Error(err)
	} else if _, ok := s.(*Table); !ok {
		t.Errorf("auto: %T, want the exact *Table", s)
	}
	for _, c := range []Config{{Mode: "x"}, {Mode: ModeHC, HCBits: 3}, {Mode: ModeHC, HCBits: 65}, {K: -1}, {Mem: -1}, {Mode: ModeHC, Mem: 10}} {
		if _, err := Open(c, 10, 0, true); err == nil {
			t.Errorf("%+v: want an error", c)
		}
	}
}

// TestOmissionFormulas: the closed forms against the seed's figures (3Spin:
// 1024 MiB, k=21, 3e8 states: about 20 omitted; 1750 MiB: under 1% chance
// of any) and against simulation (TestHashCompactCollisions' setting).
func TestOmissionFormulas(t *testing.T) {
	if e := BitstateExpected(1024*8*(1<<20), 21, 3e8); e < 15 || e > 25 {
		t.Errorf("1024 MiB, k=21, 3e8 states: %.2f expected omitted, want about 20", e)
	}
	if e := BitstateExpected(1750*8*(1<<20), 21, 3e8); e > 0.01 {
		t.Errorf("1750 MiB, k=21: %.4f expected omitted, want under 0.01", e)
	}
	if e := HCExpected(4096, 8, 2000); e < 3.3 || e > 4.2 {
		t.Errorf("hc 4096 cells, 8 bits, 2000 states: %.2f expected (simulation: about 3.8)", e)
	}
	// visitable sizes and memory for them are inverse
	n := BitstateVisitable(64<<20, 10, AdviceTarget)
	if e := BitstateExpected(64<<23, 10, float64(n)); math.Abs(-math.Expm1(-e)-AdviceTarget) > 1e-3 {
		t.Errorf("bitstate visitable %d: P(any) %.4f", n, -math.Expm1(-e))
	}
	k, best := BestK(64<<20, AdviceTarget)
	if best < n || k < 5 {
		t.Errorf("BestK: k=%d visits %d (k=10: %d)", k, best, n)
	}
	mem, kk := BitstateMemFor(best, AdviceTarget)
	if mem > 70<<20 || mem < 58<<20 || kk < k-3 || kk > k+3 {
		t.Errorf("BitstateMemFor(%d) = %d bytes, k=%d; want about 64 MiB, k=%d", best, mem, kk, k)
	}
	v := HCVisitable(64<<20, 64, AdviceTarget)
	if want := maxLoadHC * float64(8<<20); v != int64(want) {
		t.Errorf("64-bit hc in 64 MiB: %d visitable, want the table's 90%%", v)
	}
	hm, hb := HCMemFor(1_000_000, AdviceTarget)
	if hb < 20 || hb > 50 || hm > 6<<20 {
		t.Errorf("hc for 1e6 states: %d bytes with %d bits", hm, hb)
	}
	if got := HCVisitable(hm, hb, AdviceTarget); got < 990_000 {
		t.Errorf("hc of %d bytes, %d bits: visits %d, want 1e6", hm, hb, got)
	}
}

// structured returns state i of a model-like state space: a 48-byte
// vector of zeros but for six small counters (the digits of i in base
// 7) spread over it, the kind of input a search hands its store.
func structured(i uint64) []byte {
	s := make([]byte, 48)
	for _, at := range []int{3, 9, 17, 22, 30, 41} {
		s[at] = byte(i % 7)
		i /= 7
	}
	return s
}

// TestBitstateStructured: the k indices derived from one hash behave as
// k independent hash functions on structured states, raw and
// zero-suppressed, at the fill of the storage benchmark's runs (pan's 16
// MB, k=3 and millions of states: about 14% of the bits set): the states
// omitted over many seeds are the closed form's (BitstateExpected, ideal
// hash functions) within a few standard deviations.
func TestBitstateStructured(t *testing.T) {
	const (
		m      = 1 << 20 // bits
		n      = 49_000  // states: k·n/m = 0.14
		trials = 12
	)
	want := trials * BitstateExpected(m, 3, n)
	for _, zs := range []bool{false, true} {
		omitted, estimated := 0.0, 0.0
		for seed := uint64(0); seed < trials; seed++ {
			b, err := NewBitstate(m/8, 3, seed)
			if err != nil {
				t.Fatal(err)
			}
			for i := uint64(0); i < n; i++ {
				s := structured(i + seed*n)
				if zs {
					s = encodeZS(nil, s)
				}
				if _, added, _ := b.Insert(s); !added {
					omitted++
				}
			}
			estimated += b.Omission().ExpectedOmitted
		}
		t.Logf("zero-suppressed %v: %.0f omitted in %d runs, closed form %.1f, the runs' estimate %.1f", zs, omitted, trials, want, estimated)
		// Poisson: a standard deviation is the square root
		if math.Abs(omitted-want) > 4*math.Sqrt(want) {
			t.Errorf("zero-suppressed %v: %.0f omitted, want %.1f ± %.1f", zs, omitted, want, 4*math.Sqrt(want))
		}
		if math.Abs(estimated-want) > 0.05*want {
			t.Errorf("zero-suppressed %v: the runs' estimate %.1f, closed form %.1f", zs, estimated, want)
		}
	}
}
