package randmodel

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
)

// forSeeds hands seeds 1, 2, ... to one worker per CPU until n of them
// were compared (check returns compared) or budget seeds were tried; it
// stops early after a few failures (check's message not empty).
func forSeeds(t *testing.T, n int, budget int64, check func(seed int64) (compared bool, msg string)) (compared int64) {
	var ran, failures atomic.Int64
	seeds := make(chan int64)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				if failures.Load() > 5 {
					continue
				}
				ok, msg := check(seed)
				if msg != "" {
					failures.Add(1)
					t.Error(msg)
				}
				if ok {
					ran.Add(1)
				}
			}
		}()
	}
	for seed := int64(1); ran.Load() < int64(n) && failures.Load() <= 5 && seed <= budget; seed++ {
		seeds <- seed
	}
	close(seeds)
	wg.Wait()
	return ran.Load()
}

// violationKinds lists the kinds of the violations a search reported,
// each once, sorted and joined by commas ("" for none).
func violationKinds(vs []report.Violation) string {
	set := map[string]bool{}
	for _, v := range vs {
		set[v.Kind] = true
	}
	var ks []string
	for k := range set {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

// buildWith builds the engine of model m with property p (nil: none;
// ltl blocks translated by tr), with SPIN's default state space
// (dead-variable reset unless keepSteps, write-only hiding, merging when
// merge and not keepSteps: keepSteps builds a model without its claim
// with the steps it has with one that reads a process's locals).
func buildWith(m *ast.Model, p *property.Property, tr property.Translator, merge, keepSteps bool) (*engine.Engine, error) {
	pm, err := property.Model(m, p, tr)
	if err != nil {
		return nil, err
	}
	var errs diag.List
	prog := automata.LowerModel(pm, &errs)
	if errs.HasErrors() || prog == nil {
		return nil, fmt.Errorf("lowering: %v", &errs)
	}
	return engine.NewWithOptions(prog, engine.Options{ResetDead: !keepSteps, HideWriteOnly: true, Merge: merge && !keepSteps})
}
