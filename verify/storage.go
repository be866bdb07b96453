package verify

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/search"
	"github.com/gospin/gospin/store"
)

// Run verifies m and returns the summary, the search result (for callers
// that need the trails) and an error only for failures of the tool itself.
//
// With -store auto the search starts with the exact store; if it reaches
// the memory budget (the search stops, "memory limit") it runs again from
// the start with tree compression in the same budget, and the report
// says at how many states it moved (report.Storage's MovedAt). It never
// moves to a lossy store. The search starts again rather than handing
// its states to the tree: the search's stacks, queues and per-state maps
// hold the exact store's indices (docs/storage.md, "-store auto").
func Run(ctx context.Context, name string, m Model, opt Options) (*report.Summary, *search.Result, error) {
	if opt.Storage.Mode != store.ModeAuto {
		return runOnce(ctx, name, m, opt)
	}
	o := opt
	o.Storage.Mode = store.ModeExact
	sum, res, err := runOnce(ctx, name, m, o)
	if err != nil || res.Complete || res.Incomplete != "memory limit" || ctx.Err() != nil {
		if sum != nil && sum.Storage != nil {
			sum.Storage.Auto = true
		}
		return sum, res, err
	}
	moved, bytes, elapsed := int64(res.Store.States), res.Store.Memory(), sum.ElapsedS
	if opt.Notes != nil {
		fmt.Fprintf(opt.Notes, "gospin: -store auto: the exact store reached the memory budget at %d states (%s); the search starts again with tree compression\n", moved, store.FormatSize(bytes))
	}
	// the exact store's memory goes back before the tree's is taken
	sum, res = nil, nil
	runtime.GC()
	debug.FreeOSMemory()
	// the tree pass runs on the exact pass's workers: the workers' shared
	// tree packs its roots in a compact root table, 1.1 to 1.8 times one
	// worker's tree's bytes a state (docs/parallel.md); the default
	// (WorkersAuto) keeps one worker for a tree, which is chosen for its
	// memory (autoParallel)
	o.Storage.Mode = store.ModeTree
	if sum, res, err = runOnce(ctx, name, m, o); err != nil {
		return nil, nil, err
	}
	sum.ElapsedS += elapsed
	if sum.Storage != nil {
		sum.Storage.Auto, sum.Storage.MovedAt, sum.Storage.MovedBytes = true, moved, bytes
	}
	return sum, res, nil
}

// storageReport fills the summary's storage, omission analysis and
// advice from the search's store.
func storageReport(sum *report.Summary, sopt *search.Options, res *search.Result) {
	mode := sopt.Storage.Mode
	if mode == "" {
		mode = store.ModeExact
	}
	st := &report.Storage{Mode: mode, Bytes: res.Store.Memory()}
	sum.Storage = st
	l, lossy := res.States.(store.Lossy)
	if lossy {
		d := l.Storage()
		st.Bytes, st.HCBits, st.Cells, st.Bits, st.K, st.HashSeed, st.Fill = d.Bytes, d.HCBits, d.Cells, d.Bits, d.K, d.Seed, d.Fill
	}
	if n := res.Store.States; n > 0 {
		st.BytesPerState = float64(st.Bytes) / float64(n)
	}
	if !lossy {
		if res.Incomplete == "memory limit" && sopt.MemLimit > 0 {
			sum.Advice = adviseAtLimit(mode, sopt.MemLimit, int64(res.Store.States), st.BytesPerState)
		}
		return
	}
	o := l.Omission()
	sum.Omission = &report.Omission{ProbabilityAny: o.ProbabilityAny, ExpectedOmitted: o.ExpectedOmitted}
	states := int64(res.Store.States) + int64(o.ExpectedOmitted+0.5)
	if !res.Complete && res.Incomplete == "memory limit" {
		states = 2 * int64(res.Store.States) // the table filled: a guess
	}
	sum.Advice = advise(st.Bytes, states)
}

// minAdviceMem is the least memory advise recommends.
const minAdviceMem = 1 << 20

// advise recommends the storage of a next run for a state space of about
// states states, given mem bytes now: what hash compaction and bitstate
// visit with mem, and the memory each needs for states, at a probability
// of any omission of store.AdviceTarget.
func advise(mem, states int64) *report.Advice {
	p := store.AdviceTarget
	a := &report.Advice{TargetProbability: p, States: states, Mem: mem}
	a.HCVisitable = store.HCVisitable(mem, 64, p)
	visBits := 64
	if m, b := store.HCMemFor(states, p); m > 0 {
		a.HCMem, a.HCBits = m, b
		// with this memory, the width that visits the most
		if v := store.HCVisitable(mem, b, p); v > a.HCVisitable {
			a.HCVisitable, visBits = v, b
		}
	}
	a.BitstateK, a.BitstateVisitable = store.BestK(mem, p)
	a.BitstateMem, a.BitstateMemK = store.BitstateMemFor(states, p)
	// no advice below minAdviceMem: more memory never raises the chance
	// of an omission at the same -hcbits or -k, and a few bytes' table
	// is no advice a user can take
	a.HCMem, a.BitstateMem = max(a.HCMem, minAdviceMem), max(a.BitstateMem, minAdviceMem)
	a.Text = fmt.Sprintf("with %s, hash compaction (-hcbits %d) visits up to %d states and bitstate (-k %d) up to %d at a %.0f%% chance of any omission; for about %d states use -store hc -mem %s -hcbits %d, or -store bitstate -mem %s -k %d",
		store.FormatSize(mem), visBits, a.HCVisitable, a.BitstateK, a.BitstateVisitable, 100*p, states,
		store.FormatSize(a.HCMem), a.HCBits, store.FormatSize(a.BitstateMem), a.BitstateMemK)
	return a
}

// adviseAtLimit is the advice for an exact (or tree) search that stopped
// at the memory limit, mem bytes for its store, with stored states of
// perState bytes each: the state space has more than stored states; tree
// compression keeps them all exactly in less memory, hash compaction and
// bitstate visit the numbers given with mem at a 1% chance of omitting
// any. gospin never switches to a lossy mode by itself.
func adviseAtLimit(mode string, mem, stored int64, perState float64) *report.Advice {
	a := advise(mem, 2*stored)
	tree := ""
	if mode != store.ModeTree {
		tree = "-store tree (or -store auto, which moves to it at the budget) keeps every state exactly, usually in 5 to 20 bytes a state (this store took " + fmt.Sprintf("%.0f", perState) + "); "
	}
	a.Text = fmt.Sprintf("the search stopped after %d states with %s for its store; the state space is larger: %swith -mem %s, -store hc -hcbits 64 visits up to %d states and -store bitstate -k %d up to %d at a %.0f%% chance of omitting any (the analysis after the run says what was risked)",
		stored, store.FormatSize(mem), tree, store.FormatSize(mem), store.HCVisitable(mem, 64, store.AdviceTarget), a.BitstateK, a.BitstateVisitable, 100*store.AdviceTarget)
	return a
}
