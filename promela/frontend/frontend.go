// Package frontend runs the whole Promela front end on a model file:
// preprocess, parse, check. It is what the gospin commands call, and the
// single place where those three stages are wired together.
package frontend

import (
	"io"
	"os"

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

func readFile(cfg *Config, path string) ([]byte, error) {
	if cfg != nil && cfg.ReadFile != nil {
		return cfg.ReadFile(path)
	}
	return os.ReadFile(path)
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
	r.Model = parser.ParseFile(r.File, &r.Diags)
	if !r.Diags.HasErrors() {
		r.Program = check.CheckWith(r.Model, &r.Diags, check.Options{Strict: cfg.Strict})
	}
	r.Diags.Sort()
	return r
}

// HasErrors reports whether any stage reported an error.
func (r *Result) HasErrors() bool { return r.Diags.HasErrors() }

// Source returns the original text of a file that was read, for diag.Print.
func (r *Result) Source(filename string) []byte { return r.Sources[filename] }

// PrintDiags writes the diagnostics with source lines and carets.
func (r *Result) PrintDiags(w io.Writer) {
	diag.Print(w, &r.Diags, r.Source)
}
