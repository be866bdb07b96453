package main

import (
	"flag"
	"fmt"

	"github.com/gospin/gospin/promela/ast"
	"github.com/gospin/gospin/promela/check"
	"github.com/gospin/gospin/promela/frontend"
	"github.com/gospin/gospin/verify"
)

// frontendFlags are the preprocessor flags shared by every command that
// reads a model.
type frontendFlags struct {
	defines  listFlag
	includes listFlag
	strict   bool
}

func (f *frontendFlags) register(fs *flag.FlagSet) {
	fs.Var(&f.defines, "D", "define a preprocessor macro: `NAME[=VALUE]` (repeatable; glued as spin takes it: -DN=3)")
	fs.Var(&f.includes, "I", "add a `directory` to the #include search path (repeatable; glued: -I.)")
}

// registerVerify declares -D and -I for gospin verify, where -D also
// takes pan's compile-time names (-DNOREDUCE: see pandefs.go), -macro
// defines a model macro whatever its name, and -I alone is pan's -I.
func (f *frontendFlags) registerVerify(fs *flag.FlagSet, s *verify.Settings) {
	fs.Var(&defineValue{macros: &f.defines, pan: s}, "D", "define a preprocessor macro of the model: `NAME[=VALUE]` (repeatable; glued: -DN=3); pan's compile-time names are pan's options: -DNOREDUCE, -DBFS, -DSAFETY, -DNP, -DMEMLIM=N, -DNOCLAIM, -DNOCOMP, -DVECTORSZ=N (ignored), -DBITSTATE, -DHC4, -DCOLLAPSE (not yet)")
	fs.Var(&f.defines, "macro", "define a preprocessor macro of the model, even one named like a pan option: `NAME[=VALUE]` (repeatable)")
	fs.Var(&includeOrIterative{dirs: &f.includes, iterative: &s.Iterative}, "I", "add a `directory` to the #include search path (repeatable; glued: -I.); -I alone, or before anything that is not a directory, is pan's -I: as -i, halving the depth limit at each error")
}

func (f *frontendFlags) config() *frontend.Config {
	return &frontend.Config{Defines: f.defines, IncludeDirs: f.includes, Strict: f.strict}
}

// load runs the front end on path and prints its diagnostics to stderr.
// It returns nil after printing when the model cannot be used.
func (f *frontendFlags) load(path string, warnings bool) *frontend.Result {
	r, err := frontend.LoadFile(path, f.config())
	if err != nil {
		fmt.Fprintf(stderr, "gospin: %v\n", err)
		return nil
	}
	if r.HasErrors() || (warnings && r.Diags.Len() > 0) {
		r.PrintDiags(stderr)
	}
	if r.HasErrors() {
		return nil
	}
	return r
}

func setupCheck(fs *flag.FlagSet) func([]string) int {
	var ff frontendFlags
	ff.register(fs)
	quiet := fs.Bool("q", false, "do not print warnings")
	fs.BoolVar(&ff.strict, "strict", false, "report channel type inference findings (ETCH-style) as errors, not warnings")
	types := fs.Bool("chantypes", false, "print the inferred type of every channel variable")
	return eachModel("check", func(path string) int {
		r := ff.load(path, !*quiet)
		if r == nil {
			return exitFound
		}
		if *types {
			printChanTypes(r)
		}
		return exitOK
	})
}

// eachModel is the run function of a command over one or more models: it
// runs one on each path in turn; the exit code is the last one that is not
// exitOK (exitUsage when no model is given).
func eachModel(name string, one func(path string) int) func([]string) int {
	return func(args []string) int {
		if len(args) == 0 {
			fmt.Fprintf(stderr, "gospin %s: no model given\n", name)
			return exitUsage
		}
		code := exitOK
		for _, path := range args {
			if c := one(path); c != exitOK {
				code = c
			}
		}
		return code
	}
}

// printChanTypes lists the inferred message types of the channels.
func printChanTypes(r *frontend.Result) {
	p := r.Program
	show := func(scope string, syms []*check.Symbol) {
		for _, s := range syms {
			if s.Type == ast.Chan {
				fmt.Fprintf(stdout, "%s\t%s%s\t%s\n", r.File.Position(s.Pos), scope, s.Name, p.ChanType(s))
			}
		}
	}
	show("", p.Globals)
	for _, proc := range p.Procs {
		show(proc.Name+":", proc.Params)
		show(proc.Name+":", proc.Locals)
	}
}
