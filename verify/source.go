package verify

import (
	"slices"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/automata"
	"github.com/gospin/gospin/promela/check"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/property"
)

// Source is a model as the front end read it, ready to be verified
// property by property (Check) or simulated (SimModel).
type Source struct {
	Path  string // the model's file: reports and trails are named after it
	Front *frontend.Result
	props []property.Property
	said  map[string]bool // notes given once per model
}

// NewSource is the model path that the front end read as r (without
// errors).
func NewSource(path string, r *frontend.Result) *Source {
	return &Source{Path: path, Front: r, props: property.List(r.Model), said: map[string]bool{}}
}

// Load reads, preprocesses and checks the model in path; its diagnostics
// are the error when it has errors.
func Load(path string, cfg *frontend.Config) (*Source, error) {
	r, err := frontend.LoadFile(path, cfg)
	if err != nil {
		return nil, err
	}
	if r.HasErrors() {
		return nil, &r.Diags
	}
	return NewSource(path, r), nil
}

// Properties are the model's never claims and ltl properties.
func (src *Source) Properties() []property.Property { return src.props }

// shape is the state space's shape, spin -a's options.
type shape struct {
	noDeadVarReset, noHideWriteOnly, noMerge, strictEnd bool
	npClaim                                             bool // -l: pan -DNP's claim is a process (engine.Options.NPClaim)
	selfLoops                                           bool // no start-up refusal of unconditional self-loops
}

func (s *Settings) shape() shape {
	return shape{s.NoDeadVarReset, s.NoHideWriteOnly, s.NoMerge, s.StrictEnd, s.NonProgress, s.SelfLoops}
}

// Lower builds the process automata of a checked model.
func Lower(r *frontend.Result) (*automata.Program, error) {
	if r.Program != nil && r.Program.Model == r.Model {
		return lowerChecked(r.Program)
	}
	return lower(r.Model)
}

// lowerChecked lowers a checked program.
func lowerChecked(p *check.Program) (*automata.Program, error) {
	return lowerWith(func(errs *diag.List) *automata.Program { return automata.Lower(p, errs) })
}

// lower checks and lowers a model built from the checked one (its claim
// replaced by a property's).
func lower(m *ast.Model) (*automata.Program, error) {
	return lowerWith(func(errs *diag.List) *automata.Program { return automata.LowerModel(m, errs) })
}

// lowerWith returns the program that lowering gives, or its errors.
func lowerWith(lowering func(*diag.List) *automata.Program) (*automata.Program, error) {
	var errs diag.List
	prog := lowering(&errs)
	if errs.HasErrors() || prog == nil {
		errs.Sort()
		return nil, &errs
	}
	return prog, nil
}

// lower lowers m, a model built from src's (property.Model): from the
// front end's checked program when m has exactly its declarations (no
// claim left out or added: a model without properties, the main path), so
// that the model is checked once; otherwise m is checked first.
func (src *Source) lower(m *ast.Model) (*automata.Program, error) {
	if p := src.Front.Program; p != nil && sameDecls(m, p.Model) {
		return lowerChecked(p)
	}
	return lower(m)
}

// sameDecls reports whether a and b have the same declarations.
func sameDecls(a, b *ast.Model) bool {
	return a != nil && b != nil && a.File == b.File && slices.Equal(a.Decls, b.Decls)
}

// build lowers m (the source's model, with the claim a property gives
// it) to process automata and returns the engine that executes them,
// with the state-space options of spin -a.
func (src *Source) build(m *ast.Model, sh shape) (*engine.Engine, error) {
	prog, err := src.lower(m)
	if err != nil {
		return nil, err
	}
	// pan's start-up checks (spin simulates such models; pan refuses them)
	var errs diag.List
	if !sh.selfLoops {
		automata.CheckSelfLoops(prog, &errs)
	}
	if errs.HasErrors() {
		errs.Sort()
		return nil, &errs
	}
	// Statement merging is SPIN's default (off with -o3): chains of
	// local, always executable statements are one transition. Trails
	// record it, and gospin run -t replays them with the same engine.
	return engine.NewWithOptions(prog, engine.Options{
		ResetDead:     !sh.noDeadVarReset,
		HideWriteOnly: !sh.noHideWriteOnly,
		Merge:         !sh.noMerge,
		StrictEnd:     sh.strictEnd,
		NPClaim:       sh.npClaim,
	})
}
