package ltl

import "fmt"

// DefaultMaxWork is the translation's default work bound (Options.MaxWork):
// the number of formula nodes interned (weighted by their operands),
// tableau terms built, TGBA states and edges explored, and the size of
// the degeneralized candidates, added up, that one translation may use
// before giving up with a *TooLargeError. The largest translation of the
// benchmark set (shared/ltl: 409 formulas and their negations) uses
// 683,002 (u-left:8); at the bound a translation has run for about a
// second and holds about 100 MB: []<>p0 && ... && []<>p29 is refused
// there, []<>p0 && ... && []<>p14 still translates (docs/ltl-tool.md).
const DefaultMaxWork = 2_000_000

// TooLargeError is the error of a translation stopped by its work bound:
// the automaton of the formula would be too large to build.
type TooLargeError struct {
	Limit int // the bound in force (Options.MaxWork)
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("formula too large: its translation would need more than %d steps (tableau terms, automaton states and edges)", e.Limit)
}

// LimitError is the error of a formula beyond a fixed limit of the
// translator (64 propositions, 64 eventualities).
type LimitError struct {
	Msg string
}

func (e *LimitError) Error() string { return "formula too large: " + e.Msg }

func (o Options) maxWork() int {
	switch {
	case o.MaxWork == 0:
		return DefaultMaxWork
	case o.MaxWork < 0:
		return 0 // no bound
	}
	return o.MaxWork
}

// spend charges n units of work to the factory's budget and stops the
// translation (a panic caught by catchLimit) beyond it.
func (fc *factory) spend(n int) {
	fc.work += n
	if fc.limit > 0 && fc.work > fc.limit {
		panic(&TooLargeError{Limit: fc.limit})
	}
}

// catchLimit turns the panics of the translator's limits into *err; other
// panics go on.
func catchLimit(err *error) {
	switch r := recover().(type) {
	case nil:
	case *TooLargeError:
		*err = r
	case *LimitError:
		*err = r
	default:
		panic(r)
	}
}
