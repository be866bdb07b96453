package store

import "golang.org/x/sys/cpu"

// zsHaveAVX512: encodeZS compresses 64 bytes at a time with AVX-512
// (VPTESTMB for the bitmap, VPCOMPRESSB for the nonzero bytes) instead of
// a word at a time: an 80-byte state encodes in about a fifth of the time
// (zero suppression of each inserted successor was 18% of cd_matrix's
// default search, 10% of rk_peterson_filterN's -a search).
var zsHaveAVX512 = cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI2 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT

// zsEncodeAVX512 writes the bitmap of s[:n]'s nonzero bytes to bm
// ((n+7)/8 bytes) and those bytes to vals, and returns their number.
//
//go:noescape
func zsEncodeAVX512(vals, bm, s *byte, n int) int
