//go:build !amd64

package store

var zsHaveAVX512 = false

func zsEncodeAVX512(vals, bm, s *byte, n int) int { panic("unreachable") }
