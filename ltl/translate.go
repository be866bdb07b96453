package ltl

import "sort"

// Options tunes Translate. The zero value gives the smallest automata.
type Options struct {
	// NoSimulation disables the simulation-based reductions.
	NoSimulation bool
	// NoPostProcessing keeps the degeneralized automaton as built (only
	// unreachable and dead states are removed): for testing.
	NoPostProcessing bool
	// NoWDBA disables the weak deterministic automaton construction used
	// for obligation properties.
	NoWDBA bool
	// MaxWork bounds the translation's work (see DefaultMaxWork): 0 means
	// DefaultMaxWork, a negative value no bound.
	MaxWork int

	// peak, when set, receives the largest work count of the
	// translation's factories (tests measure the bound with it).
	peak *int
}

// Translate builds a state-based Büchi automaton accepting exactly the
// words that satisfy f (pass the negation of a property to get a never
// claim, as with spin -f). It panics with the error TryTranslate would
// return (a *TooLargeError or *LimitError) for a formula beyond the
// translator's limits.
func Translate(f *Formula, opt Options) *Automaton { return must(TryTranslate(f, opt)) }

// TryTranslate is Translate returning an error for a formula beyond the
// translator's limits: a *TooLargeError when the work bound
// (opt.MaxWork) is exceeded, a *LimitError beyond 64 propositions or 64
// eventualities. Both errors' texts start with "formula too large".
func TryTranslate(f *Formula, opt Options) (a *Automaton, err error) {
	defer catchLimit(&err)
	return translate(f, opt), nil
}

func translate(f *Formula, opt Options) *Automaton {
	np := f.NumProps()
	b := buildBA(f, opt)
	if n := len(b.States); !opt.NoSimulation && !opt.NoPostProcessing && !opt.NoWDBA && np <= maxWDBAProps && n > 2 && n <= 64 && b.withTT() && !b.deterministic() {
		nb := buildBA(Not(f), opt)
		if nb.withTT() {
			if w := tryWDBA(b, nb); w != nil {
				bs, ws := len(b.States), len(w.States)
				if ws < bs || (ws == bs && w.NumEdges() <= b.NumEdges()) {
					b = w
				}
			}
		}
	}
	out := b.export(true)
	out.Formula = f.String()
	return out
}

// TranslateTGBA builds a TGBA (edge-based generalized Büchi acceptance)
// accepting exactly the words that satisfy f (pass the negation of a
// property, as with Translate): the tableau's automaton, with the states
// that cannot reach an accepting cycle removed, acceptance kept only
// inside accepting components, and (unless opt.NoSimulation) the
// simulation-based reductions that Translate applies before
// degeneralizing. The SCC-based emptiness check uses it directly, with
// its sets as acceptance marks on the transitions of the product.
//
// Like Translate, it panics for a formula beyond the translator's limits;
// TryTranslateTGBA returns the error instead.
func TranslateTGBA(f *Formula, opt Options) *Automaton { return must(TryTranslateTGBA(f, opt)) }

// TryTranslateTGBA is TranslateTGBA returning an error (see TryTranslate)
// for a formula beyond the translator's limits.
func TryTranslateTGBA(f *Formula, opt Options) (a *Automaton, err error) {
	defer catchLimit(&err)
	return buildTGBAReduced(newFactoryFor(f, opt), f, opt).export(false), nil
}

// newFactoryFor checks the formula's propositions against the limit and
// returns a factory with opt's work bound.
func newFactoryFor(f *Formula, opt Options) *factory {
	if f.NumProps() > 64 {
		panic(&LimitError{"more than 64 propositions"})
	}
	fc := newFactory()
	fc.limit = opt.maxWork()
	return fc
}

// buildTGBAReduced builds f's TGBA, filtered and (unless opt says not)
// reduced by simulation.
func buildTGBAReduced(fc *factory, f *Formula, opt Options) *Automaton {
	a := buildTGBA(fc, fc.nnf(f, false), f.NumProps()).filter()
	if !opt.NoSimulation && !opt.NoPostProcessing {
		a = a.reduceSim()
	}
	return a
}

// buildBA runs the translation up to the reduced state-based automaton.
func buildBA(f *Formula, opt Options) *Automaton {
	fc := newFactoryFor(f, opt)
	a := buildTGBAReduced(fc, f, opt)
	// Degeneralization builds, per candidate order, up to nacc+1 copies
	// of the TGBA, then filters and reduces them: charge that up front.
	perms := permutations(a.NumSets)
	fc.spend(3 * len(perms) * (len(a.States) + a.NumEdges()) * (a.NumSets + 1))
	var cands []*Automaton
	for _, order := range perms {
		for mode := 0; mode < 3; mode++ {
			cands = append(cands, a.degeneralize(order, mode).filter())
		}
	}
	if opt.peak != nil && fc.work > *opt.peak {
		*opt.peak = fc.work
	}
	sort.SliceStable(cands, func(i, j int) bool { return smaller(cands[i], cands[j]) })
	keep := 6 // trying several candidates pays off on small automata only
	if len(cands[0].States) > 30 {
		keep = 1
	}
	if len(cands) > keep {
		cands = cands[:keep]
	}
	if opt.NoSimulation || opt.NoPostProcessing {
		return cands[0]
	}
	var b *Automaton
	for _, c := range cands {
		c = c.reduceSim()
		for i := 0; i < 2; i++ {
			n := len(c.States)
			c = c.reverseQuotient()
			if len(c.States) == n {
				break
			}
			c = c.reduceSim()
		}
		if b == nil || smaller(c, b) {
			b = c
		}
	}
	return b
}

// smaller orders automata by states, then edges.
func smaller(x, y *Automaton) bool {
	nx, ny := len(x.States), len(y.States)
	return nx < ny || (nx == ny && x.NumEdges() < y.NumEdges())
}
