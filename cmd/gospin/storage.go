package main

import (
	"flag"

	"github.com/gospin/gospin/internal/spinflag"
	"github.com/gospin/gospin/store"
	"github.com/gospin/gospin/verify"
)

// registerStorage defines gospin verify's storage flags: -store, -mem,
// -hcbits, -k, -hashseed (and pan's -RS); pan's -w N gives a lossy
// store's size when -mem does not (storageFromW).
func registerStorage(fs *flag.FlagSet, s *verify.Settings) {
	fs.StringVar(&s.Storage.Mode, "store", store.ModeExact, "how visited states are stored: exact (every state), tree (every state, tree-compressed; pan's -DCOLLAPSE, -DMA), hc (hash compaction: a b-bit signature per state, may omit states; pan's -DHC4), bitstate (k bits per state, may omit states; pan's -DBITSTATE) or auto (exact, then tree from the start when the memory budget is reached; never lossy)")
	fs.Var(spinflag.Size{P: &s.Storage.Mem, Parse: store.ParseSize}, "mem", "memory `size` of the store (64MB, 1.5GB, 3000000000; any size): the hash-compaction table or bit array (default: pan's, -w24 cells or -w27 bits, or 2^N with -wN), or the limit of an exact or tree store")
	spinflag.NatVar(fs, &s.Storage.HCBits, "hcbits", 64, "hash compaction: `bits` per signature, 4 to 64 (0 marks an empty cell)")
	spinflag.NatVar(fs, &s.Storage.K, "k", 3, "bitstate: bit indices per state (pan's -k)")
	fs.Uint64Var(&s.Storage.Seed, "hashseed", 0, "`seed` of the hash functions of hc and bitstate: runs with different seeds omit different states (swarm verification)")
	fs.Uint64Var(&s.Storage.Seed, "RS", 0, "pan's -RSn: the same as -hashseed n")
}

// storageFromW applies pan's -w N to a lossy store given no -mem: 2^N bits
// of a bit array or 2^N cells of a hash-compaction table, as pan sizes
// them.
func storageFromW(fs *flag.FlagSet, s *verify.Settings) {
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "w" && s.Storage.Lossy() && s.Storage.Mem == 0 {
			s.Storage.Log2 = s.HashLog2
		}
	})
}
