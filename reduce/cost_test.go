package reduce_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/verify"
)

const corpusModels = "../../shared/corpus/models"

// costModels are corpus models where reduction saves (almost) nothing
// although the reducer is active: the cost of trying.
var costModels = []string{"beem_phils5", "beem_blocks3", "sumo_wide", "life"}

func loadCorpus(tb testing.TB, name string) *automata.Program {
	tb.Helper()
	path := filepath.Join(corpusModels, name+".pml")
	if _, err := os.Stat(path); err != nil {
		tb.Skip("corpus not present")
	}
	fr, err := frontend.LoadFile(path, &frontend.Config{IncludeDirs: []string{corpusModels}})
	if err != nil || fr.HasErrors() {
		tb.Fatalf("front end: %v", err)
	}
	var errs diag.List
	prog := automata.Lower(fr.Program, &errs)
	if errs.HasErrors() {
		tb.Fatal(errs.Error())
	}
	return prog
}

// timePerState runs the safety search (SPIN's default state space) and
// returns the time per stored state, the best of runs.
func timePerState(tb testing.TB, prog *automata.Program, reduce bool, runs int) (time.Duration, int64, bool) {
	return timePerStateWith(tb, prog, reduce, false, runs)
}

// timePerStateWith is timePerState with the choice of stubborn sets
// (-stubborn) or ample sets (gospin verify's default).
func timePerStateWith(tb testing.TB, prog *automata.Program, reduce, stubborn bool, runs int) (time.Duration, int64, bool) {
	best := time.Duration(1 << 62)
	var stored int64
	var reduced bool
	for i := 0; i < runs; i++ {
		e, err := engine.NewWithOptions(prog, engine.Options{ResetDead: true, HideWriteOnly: true, Merge: true})
		if err != nil {
			tb.Fatal(err)
		}
		start := time.Now()
		sum, _, err := verify.Run(context.Background(), "m.pml", e, verify.Options{MaxDepth: 100000, StopAfter: 1, HashLog2: 20, Reduce: reduce, Stubborn: stubborn, NoCompress: true})
		if err != nil {
			tb.Fatal(err)
		}
		d := time.Since(start)
		stored, reduced = sum.StatesStored, sum.Reduced
		if per := d / time.Duration(max(1, sum.StatesStored)); per < best {
			best = per
		}
	}
	return best, stored, reduced
}

// BenchmarkReductionCost reports, for models where reduction saves
// almost nothing, the time per state with reduction over that without
// (the ratio metric for ample sets, gospin verify's default, and
// ratio-stubborn for stubborn sets; the target is at most 1.3). On a quiet machine use
// -benchtime 1x; the profile's share of por.reduce is the steadier figure
// (about 5% of a reduced search's time on these models).
func BenchmarkReductionCost(b *testing.B) {
	for _, name := range costModels {
		b.Run(name, func(b *testing.B) {
			prog := loadCorpus(b, name)
			for i := 0; i < b.N; i++ {
				// interleaved, the best of each: the machine's load and the
				// heap left by one run weigh on both alike
				full, red, stub := time.Duration(1<<62), time.Duration(1<<62), time.Duration(1<<62)
				var n1, n2 int64
				for k := 0; k < 4; k++ {
					f, n, _ := timePerState(b, prog, false, 1)
					full, n1 = min(full, f), n
					r, m, _ := timePerState(b, prog, true, 1)
					red, n2 = min(red, r), m
					sb, _, _ := timePerStateWith(b, prog, true, true, 1)
					stub = min(stub, sb)
				}
				b.ReportMetric(float64(red)/float64(full), "ratio")
				b.ReportMetric(float64(stub)/float64(full), "ratio-stubborn")
				b.ReportMetric(float64(full.Nanoseconds()), "ns/state-full")
				b.ReportMetric(float64(red.Nanoseconds()), "ns/state-reduced")
				b.ReportMetric(float64(n2)/float64(n1), "states-ratio")
			}
		})
	}
}
