package store

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The storage modes (Config.Mode).
const (
	ModeExact    = "exact"    // every state, zero-suppressed or as it is (Table)
	ModeTree     = "tree"     // every state, as a tree of shared parts (Tree)
	ModeHC       = "hc"       // hash compaction: b-bit signatures (HashCompact)
	ModeBitstate = "bitstate" // k bits per state in one bit array (Bitstate)
	// ModeAuto is exact until the search reaches its memory budget, then
	// tree (verify.Run searches again with a tree store); never lossy.
	// Open gives the exact store.
	ModeAuto = "auto"
)

// Config chooses the store of a search: its mode and the parameters of
// the lossy ones.
type Config struct {
	Mode string // "" is ModeExact
	// Mem is the memory of a hash-compaction table or bit array, in bytes
	// (any size); 0 leaves it to Log2 or the mode's default.
	Mem int64
	// Log2, when Mem is 0: pan's -w, 2^Log2 bits of a bit array or 2^Log2
	// cells of a hash-compaction table; 0 for the default (pan's:
	// -w27 for bitstate, -w24 for hash compaction).
	Log2 int
	// HCBits is the width of a hash-compaction signature, 4 to 64 (0:
	// 64); the value 0 marks an empty cell.
	HCBits int
	// K is the number of bit indices per state of a bit array (0: 3).
	K int
	// Seed chooses the hash functions of the lossy stores: runs with
	// different seeds omit different states (swarm verification).
	Seed uint64
}

// Lossy says whether the mode may omit states (and cannot give them back).
func (c Config) Lossy() bool { return c.Mode == ModeHC || c.Mode == ModeBitstate }

// Validate checks the mode and its parameters.
func (c Config) Validate() error {
	switch c.Mode {
	case "", ModeExact, ModeTree, ModeHC, ModeBitstate, ModeAuto:
	default:
		return fmt.Errorf("-store %s: want exact, tree, hc, bitstate or auto", c.Mode)
	}
	if c.HCBits != 0 && (c.HCBits < 4 || c.HCBits > 64) {
		return fmt.Errorf("-hcbits %d: a signature has 4 to 64 bits", c.HCBits)
	}
	if c.K < 0 || c.K > 64 {
		return fmt.Errorf("-k %d: want 1 to 64 bit indices per state", c.K)
	}
	if c.Mem < 0 {
		return errors.New("-mem must not be negative")
	}
	if c.Log2 < 0 || c.Log2 > 45 {
		return fmt.Errorf("-w%d: out of range for a lossy store (at most -w45)", c.Log2)
	}
	return nil
}

// Bits is the signature width of a hash-compaction store.
func (c Config) Bits() int {
	if c.HCBits == 0 {
		return 64
	}
	return c.HCBits
}

// Indices is the number of bit indices per state of a bitstate store.
func (c Config) Indices() int {
	if c.K == 0 {
		return 3
	}
	return c.K
}

// LossyBytes is the memory a lossy store gets: Mem, or 2^Log2 bits or
// cells, or the default (2^27 bits, 16 MiB, for bitstate, pan's -w27;
// 2^24 cells for hash compaction, 128 MiB with 64-bit signatures).
func (c Config) LossyBytes() int64 {
	if c.Mem > 0 {
		return c.Mem
	}
	switch c.Mode {
	case ModeBitstate:
		l := c.Log2
		if l == 0 {
			l = 27
		}
		return max(int64(1)<<l/8, 8)
	case ModeHC:
		l := c.Log2
		if l == 0 {
			l = 24
		}
		return max(int64(1)<<l*int64(c.Bits())/8, 8)
	}
	return 0
}

// Open returns the store c asks for: a lossy one sized by c, a tree, or
// the exact table (zero-suppressed when zs; also for ModeAuto) sized for about 2^hint states
// before its first growth; memLimit bounds the growing ones (0: none).
func Open(c Config, hint int, memLimit int64, zs bool) (Set, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	switch c.Mode {
	case ModeHC:
		return NewHashCompact(c.LossyBytes(), c.Bits(), c.Seed)
	case ModeBitstate:
		return NewBitstate(c.LossyBytes(), c.Indices(), c.Seed)
	case ModeTree:
		return NewTree(hint, memLimit), nil
	}
	if zs {
		return NewZeroSuppressed(hint, memLimit), nil
	}
	return New(hint, memLimit), nil
}

// ParseSize reads a memory size: a number of bytes (3000000000), or a
// number with a unit, KB, MB, GB or TB (binary: 1 MB = 2^20 bytes; KiB,
// MiB, ... and K, M, G, T mean the same), fractions allowed (1.5GB).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	up := strings.ToUpper(t)
	mult := 1.0
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"KIB", 10}, {"MIB", 20}, {"GIB", 30}, {"TIB", 40}, {"KB", 10}, {"MB", 20}, {"GB", 30}, {"TB", 40}, {"K", 10}, {"M", 20}, {"G", 30}, {"T", 40}, {"B", 0}} {
		if strings.HasSuffix(up, u.suffix) {
			mult = float64(uint64(1) << u.shift)
			t = strings.TrimSpace(t[:len(t)-len(u.suffix)])
			break
		}
	}
	if n, err := strconv.ParseInt(t, 10, 64); err == nil && mult == 1 {
		if n < 0 {
			return 0, fmt.Errorf("%q: a size must not be negative", s)
		}
		return n, nil
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0, fmt.Errorf("%q: want a size such as 64MB, 1.5GB or 3000000000 (bytes)", s)
	}
	b := f * mult
	if b >= 1<<62 {
		return 0, fmt.Errorf("%q: too large", s)
	}
	return int64(b), nil
}

// FormatSize writes n bytes as ParseSize reads them back, in the largest
// unit that keeps it short (1.5GB, 64MB, 1000B).
func FormatSize(n int64) string {
	for _, u := range []struct {
		name  string
		shift uint
	}{{"TB", 40}, {"GB", 30}, {"MB", 20}, {"KB", 10}} {
		if n >= 1<<u.shift {
			v := float64(n) / float64(uint64(1)<<u.shift)
			s := strconv.FormatFloat(v, 'f', 2, 64)
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
			return s + u.name
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}
