package reduce_test

import (
	"testing"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/reduce"
)

// BenchmarkSafeProcs: SafeProcs over the first states of cd_matrix and
// dpa_centralized (depth-first), one op a pass over them all.
func BenchmarkSafeProcs(b *testing.B) {
	for _, name := range []string{"cd_matrix", "dpa_centralized", "beem_iprotocol4"} {
		b.Run(name, func(b *testing.B) {
			prog := loadCorpus(b, name)
			e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
			if err != nil {
				b.Fatal(err)
			}
			r := reduce.New(e)
			s0, _ := e.Initial(nil)
			seen := map[string]bool{string(s0): true}
			// depth first, as the search meets them
			var states [][]byte
			stack := [][]byte{s0}
			for len(stack) > 0 && len(states) < 20000 {
				s := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				states = append(states, s)
				e.Next(s, func(_ *pins.Transition, succ []byte) bool {
					if !seen[string(succ)] {
						seen[string(succ)] = true
						stack = append(stack, append([]byte(nil), succ...))
					}
					return true
				})
			}
			var dst []bool
			safe := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, s := range states {
					dst = r.SafeProcs(s, dst)
					if len(dst) > 0 && dst[0] {
						safe++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(states)), "ns/state")
		})
	}
}
