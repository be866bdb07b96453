package store

import (
	"math"
)

// The omission analysis in closed form, for advice before a run (the
// stores' Omission measures a run as it goes): how many states a
// hash-compaction table or a bit array of a given size can visit for a
// given risk of omitting any, and the memory that a number of states
// needs (Dillinger and Manolios's 3Spin gives its recommendations so, as
// visitable state-space sizes).

// AdviceTarget is the probability of any omission the advice aims at.
const AdviceTarget = 0.01

// expectedFor is the expected count for a probability of any omission.
func expectedFor(p float64) float64 { return -math.Log1p(-p) }

// HCExpected is the expected number of states omitted when n states go
// into a hash-compaction table of cells cells of b-bit signatures: each
// insertion at load x meets ((1-x)^-2 - 1)/2 occupied cells on average
// (linear probing), each an equal signature with probability 1/(2^b-1);
// summed over the insertions, cells/2 * a^2/(1-a) / (2^b-1) at the final
// load a = n/cells.
func HCExpected(cells float64, b int, n float64) float64 {
	if n <= 0 || cells <= 0 {
		return 0
	}
	a := n / cells
	if a >= 1 {
		return math.Inf(1)
	}
	return cells / 2 * a * a / (1 - a) / (math.Exp2(float64(b)) - 1)
}

// BitstateExpected is the expected number of states omitted when n
// states go into m bits with k indices each: the integral over the
// insertions of the chance (1-e^{-kx/m})^k that all k bits of a new state
// are set already.
func BitstateExpected(m float64, k int, n float64) float64 {
	if n <= 0 || m <= 0 {
		return 0
	}
	f := func(x float64) float64 { return powInt(-math.Expm1(-float64(k)*x/m), k) }
	const steps = 256 // Simpson's rule; the integrand is smooth
	h := n / steps
	s := f(0) + f(n)
	for i := 1; i < steps; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		s += w * f(float64(i)*h)
	}
	return s * h / 3
}

// powInt is x to the power k >= 0, by squaring (math.Pow with an
// integer exponent was most of the advice's time: it integrates
// BitstateExpected many times over).
func powInt(x float64, k int) float64 {
	r := 1.0
	for ; k > 0; k >>= 1 {
		if k&1 != 0 {
			r *= x
		}
		x *= x
	}
	return r
}

// HCVisitable is the largest number of states a table of mem bytes of
// b-bit signatures takes with a probability of any omission of at most
// p (and at most the table's maximum load).
func HCVisitable(mem int64, b int, p float64) int64 {
	cells := float64(mem) * 8 / float64(b)
	e := expectedFor(p)
	lo, hi := 0.0, maxLoadHC*cells
	if HCExpected(cells, b, hi) <= e {
		return int64(hi)
	}
	return int64(largestWithin(lo, hi, 80, func(n float64) bool { return HCExpected(cells, b, n) <= e }))
}

// BitstateVisitable is the largest number of states a bit array of mem
// bytes takes with k indices and a probability of any omission of at
// most p.
func BitstateVisitable(mem int64, k int, p float64) int64 {
	m := float64(mem) * 8
	e := expectedFor(p)
	lo, hi := 0.0, m
	return int64(largestWithin(lo, hi, 60, func(n float64) bool { return BitstateExpected(m, k, n) <= e }))
}

// BestK is the number of indices that lets a bit array of mem bytes
// visit the most states at probability p, and that number.
func BestK(mem int64, p float64) (k int, n int64) {
	// the optimum is near (m/n) ln 2; the visitable size is unimodal in
	// k, so a scan upward stops once it falls
	for kk := 1; kk <= 64; kk++ {
		v := BitstateVisitable(mem, kk, p)
		if v < n {
			break
		}
		k, n = kk, v
	}
	return k, n
}

// HCMemFor is the smallest memory, and the signature width with it, of a
// hash-compaction table that takes n states with a probability of any
// omission of at most p.
func HCMemFor(n int64, p float64) (mem int64, b int) {
	e := expectedFor(p)
	for bb := 4; bb <= 64; bb++ {
		// the fewest cells: the load at which the expected count is e
		lo, hi := float64(n)/maxLoadHC, float64(n)*1e6+64
		if HCExpected(lo, bb, float64(n)) > e {
			if HCExpected(hi, bb, float64(n)) > e {
				continue
			}
			for i := 0; i < 80; i++ {
				mid := (lo + hi) / 2
				if HCExpected(mid, bb, float64(n)) <= e {
					hi = mid
				} else {
					lo = mid
				}
			}
			lo = hi
		}
		m := int64(math.Ceil(lo*float64(bb)/8)) + 8
		if mem == 0 || m < mem {
			mem, b = m, bb
		}
	}
	return mem, b
}

// BitstateMemFor is the smallest memory, and the number of indices with
// it, of a bit array that takes n states with a probability of any
// omission of at most p.
func BitstateMemFor(n int64, p float64) (mem int64, k int) {
	e := expectedFor(p)
	for kk := 1; kk <= 64; kk++ {
		lo, hi := float64(n)/8, float64(n)*1e4+64 // bytes
		if BitstateExpected(hi*8, kk, float64(n)) > e {
			continue
		}
		for i := 0; i < 60; i++ {
			mid := (lo + hi) / 2
			if BitstateExpected(mid*8, kk, float64(n)) <= e {
				hi = mid
			} else {
				lo = mid
			}
		}
		m := int64(math.Ceil(hi))
		if mem == 0 || m < mem {
			mem, k = m, kk
		} else if m > mem*2 {
			break // past the optimum
		}
	}
	return mem, k
}

// largestWithin bisects [lo, hi], rounds times, for the largest n for
// which ok holds (ok holds at lo and is monotone: true, then false).
func largestWithin(lo, hi float64, rounds int, ok func(n float64) bool) float64 {
	for range rounds {
		mid := (lo + hi) / 2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}
