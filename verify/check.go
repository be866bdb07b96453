package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/report"
	"github.com/gospin/gospin/store"
)

// translator turns ltl blocks into never claims.
var translator property.Translator = property.FromLTL

// Properties are the properties a verification with settings s checks
// of src, in turn: the one named by s.Claim, none (nil) with s.NoClaim or
// -l, else every never claim and ltl block; a model without any has the
// one nil property.
func Properties(src *Source, s Settings) ([]*property.Property, error) {
	props := src.props
	switch {
	case s.NoClaim:
		return []*property.Property{nil}, nil
	case s.NonProgress && len(props) > 0:
		// pan compiled with -DNP checks non-progress cycles with its
		// own claim and ignores the model's: so does -l, and says so
		names := ""
		for i := range props {
			if i > 0 {
				names += ", "
			}
			names += props[i].Name
		}
		fmt.Fprintf(s.notes(), "gospin: note: -l checks non-progress cycles with its own claim, as pan -DNP does; the model's never claim and ltl properties were not checked (%s)\n", names)
		return []*property.Property{nil}, nil
	case s.Claim != "":
		p := property.Find(props, s.Claim)
		if p == nil {
			return nil, fmt.Errorf("no never claim or ltl property named %q", s.Claim)
		}
		return []*property.Property{p}, nil
	case len(props) == 0:
		return []*property.Property{nil}, nil
	}
	todo := make([]*property.Property, len(props))
	for i := range props {
		todo[i] = &props[i]
	}
	return todo, nil
}

// Check verifies property p of src (nil: the model without a claim, or
// with -l pan's non-progress claim) with settings s, and returns the
// report's summary. It plans the search (plan), runs it, and for a claim
// checked against its closure under stuttering runs the search without
// reduction that decides when only errors of the closure were found. The
// error is for a model that cannot be built or a failure of the tool, not
// for errors found.
func Check(ctx context.Context, src *Source, p *property.Property, s Settings) (*report.Summary, error) {
	pl, err := newPlan(src, p, &s)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	sum, err := pl.run(ctx, src, &s)
	if err != nil {
		return nil, err
	}
	sum.ElapsedS = time.Since(start).Seconds()
	if p != nil {
		sum.Property = p.Name
	}
	if sum.Incomplete == "memory limit" {
		sum.MemoryHint = s.memHint
		if m := s.Storage.Mem; m > 0 && !s.Storage.Lossy() && (s.memLimit == 0 || m < s.memLimit) {
			// the store's own -mem, not the process's budget, was reached
			sum.MemoryHint = fmt.Sprintf("the store's memory (-mem %s) is full: give it more (-mem), or shrink the state space (-m, fewer processes or smaller ranges)", store.FormatSize(m))
		}
		if a := sum.Advice; a != nil && a.Text != "" && !s.Storage.Lossy() {
			sum.MemoryHint += "; " + a.Text
		}
	}
	sum.StrictEnd = s.StrictEnd
	if s.NoUnreached {
		sum.Unreached = nil // pan -n
	}
	return sum, nil
}

// Status sums up the summaries of the properties checked (want: how many
// were to be checked; fewer when a signal or the time limit ended the run
// early): found, some search found errors (or could not write a trail);
// incomplete, a search or the run did not complete.
func Status(sums []*report.Summary, want int) (found, incomplete bool) {
	incomplete = len(sums) < want
	for _, s := range sums {
		if s.Errors > 0 || len(s.TrailErrors) > 0 {
			found = true
		}
		if !s.Complete {
			incomplete = true
		}
	}
	return found, incomplete
}
