package frontend

import (
	"fmt"
	"io"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/check"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/preproc"
	"github.com/gospin/gospin/promela/token"
)

// Config holds the options of the front end.
type Config struct {
	IncludeDirs []string // -I
	Defines     []string // -D NAME[=VALUE]
	// ReadFile reads included files; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
	// Strict makes the findings of channel type inference errors
	// (see check.Options).
	Strict bool
}

// MaxErrors is the number of errors reported per file; the next one is
// "too many errors" (as go vet does) and the stages stop soon after.
const MaxErrors = 10

// Result is everything the front end produced. Model is never nil;
// Program is nil when preprocessing or parsing failed (the checker does
// not run on a broken tree, to avoid cascades of errors). Later stages must
// not run on a result with errors.
type Result struct {
	File    *token.File       // the preprocessed text and its source map
	Sources map[string][]byte // original text of every file read
	Model   *ast.Model
	Program *check.Program
	Diags   diag.List
}

// LoadFile reads and loads the model at path.
func LoadFile(path string, cfg *Config) (*Result, error) {
	src, err := readFile(cfg, path)
	if err != nil {
		return nil, err
	}
	return Load(path, src, cfg), nil
}

// readFile reads the model file: a regular file of at most
// preproc.MaxModelBytes.
func readFile(cfg *Config, path string) ([]byte, error) {
	if cfg != nil && cfg.ReadFile != nil {
		src, err := cfg.ReadFile(path)
		if err == nil && len(src) > preproc.MaxModelBytes {
			return nil, fmt.Errorf("%s is too large (%d bytes; a model may have at most %d MiB)", path, len(src), preproc.MaxModelBytes>>20)
		}
		return src, err
	}
	return preproc.ReadSource(path)
}

// Load runs the front end on src, the text of the model named filename.
func Load(filename string, src []byte, cfg *Config) *Result {
	if cfg == nil {
		cfg = &Config{}
	}
	r := &Result{}
	r.Diags.Max = MaxErrors
	pp := preproc.Process(filename, src, &preproc.Config{
		IncludeDirs: cfg.IncludeDirs,
		Defines:     cfg.Defines,
		ReadFile:    cfg.ReadFile,
	}, &r.Diags)
	r.File, r.Sources = pp.File, pp.Sources
	if r.Sources == nil {
		r.Sources = map[string][]byte{filename: src}
	}
	if pp.TooLarge {
		r.Model = &ast.Model{File: r.File}
		r.Diags.Sort()
		return r
	}
	r.Model = parser.ParseFile(r.File, &r.Diags)
	if !r.Diags.HasErrors() {
		r.Program = check.CheckWith(r.Model, &r.Diags, check.Options{Strict: cfg.Strict})
		if !runnable(r.Program) {
			// SPIN's words (spin -a stops there; its simulation says
			// "0 processes created"), at the end of the file as SPIN
			// puts it
			end := r.File.Position(r.File.Pos(max(0, r.File.Size()-1)))
			r.Diags.Errorf(end, "no runable process: the model has no init and no active proctype")
		}
	}
	r.Diags.Sort()
	return r
}

// runnable reports whether p starts a process: an init, or a proctype
// declared active (with a count above 0).
func runnable(p *check.Program) bool {
	for _, pr := range p.Procs {
		if pr.Active > 0 {
			return true
		}
	}
	return false
}

// HasErrors reports whether any stage reported an error.
func (r *Result) HasErrors() bool { return r.Diags.HasErrors() }

// Source returns the original text of a file that was read, for diag.Print.
func (r *Result) Source(filename string) []byte { return r.Sources[filename] }

// PrintDiags writes the diagnostics with source lines and carets.
func (r *Result) PrintDiags(w io.Writer) {
	diag.Print(w, &r.Diags, r.Source)
}
