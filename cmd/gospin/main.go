// Command gospin is a model checker for Promela, the language of SPIN.
//
// Usage:
//
//	gospin <command> [flags] [arguments]
//
// Run `gospin help` for the list of commands and `gospin help <command>`
// for the flags of one.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
)

// command is one subcommand of gospin.
type command struct {
	name  string
	args  string // synopsis of the arguments after the flags
	short string // one line for `gospin help`
	long  string // paragraph for `gospin help <name>`
	// setup declares the command's flags and returns the function that runs
	// it with the remaining arguments; it returns the process exit code.
	setup func(fs *flag.FlagSet) func(args []string) int
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// Exit codes.
const (
	exitOK    = 0 // success; for check/verify: no error found, search complete
	exitFound = 1 // the model has errors, or the verifier found a violation
	exitUsage = 2 // bad command line, unreadable input, a bad model or trail
	// exitIncomplete: verify found no error but did not explore every
	// reachable state (depth limit, memory limit, time limit, signal).
	exitIncomplete = 3
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// stdout and stderr are the streams commands write to (tests replace them).
var stdout, stderr io.Writer = os.Stdout, os.Stderr

func run(args []string, out, errw io.Writer) int {
	stdout, stderr = out, errw
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			return helpCommand(args[1])
		}
		usage(stdout)
		return exitOK
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, versionString())
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "gospin: unknown command %q\nRun 'gospin help' for usage.\n", name)
		return exitUsage
	}
	fs := flag.NewFlagSet("gospin "+c.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	runFn := c.setup(fs)
	fs.Usage = func() { commandUsage(stderr, c, fs) }
	if err := fs.Parse(spinStyleArgs(fs, args[1:])); err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	return runFn(fs.Args())
}

// spinStyleArgs splits pan's glued numeric options (-m100000, -w24, -c0)
// into a flag and its value when the flag set has an integer flag of that
// name and no flag of the whole name (so -o1 stays -o1). It stops at the
// first argument that is not a flag or a flag's value, as flag parsing does.
func spinStyleArgs(fs *flag.FlagSet, args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			return append(out, args[i:]...)
		}
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			out = append(out, a)
			continue
		}
		if f := fs.Lookup(name); f != nil {
			out = append(out, a)
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); (!ok || !b.IsBoolFlag()) && i+1 < len(args) {
				i++
				out = append(out, args[i]) // the flag's value
			}
			continue
		}
		j := len(name)
		for j > 0 && name[j-1] >= '0' && name[j-1] <= '9' {
			j--
		}
		if j > 0 && j < len(name) {
			if f := fs.Lookup(name[:j]); f != nil {
				if g, ok := f.Value.(flag.Getter); ok {
					if _, isInt := g.Get().(int); isInt {
						out = append(out, "-"+name[:j], name[j:])
						continue
					}
				}
			}
		}
		out = append(out, a)
	}
	return out
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "gospin is a model checker for Promela models (SPIN-compatible).\n\nUsage:\n\n\tgospin <command> [flags] [arguments]\n\nThe commands are:\n\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "\t%-10s %s\n", n, commands[n].short)
	}
	fmt.Fprintf(w, "\t%-10s %s\n\t%-10s %s\n", "help", "show help for a command", "version", "print gospin's version")
	fmt.Fprintf(w, "\nUse \"gospin help <command>\" for more information about a command.\n")
}

func helpCommand(name string) int {
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "gospin help: unknown command %q\n", name)
		return exitUsage
	}
	fs := flag.NewFlagSet("gospin "+c.name, flag.ContinueOnError)
	c.setup(fs)
	commandUsage(stdout, c, fs)
	return exitOK
}

func commandUsage(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: gospin %s [flags] %s\n\n%s\n", c.name, c.args, strings.TrimSpace(c.long))
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// version is set with -ldflags "-X main.version=..." in release builds;
// otherwise the module version recorded by `go install` is used.
var version = ""

func versionString() string {
	v := version
	if v == "" {
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
			v = bi.Main.Version
		}
	}
	if v == "" {
		v = "(devel)"
	}
	return "gospin " + v
}

// listFlag collects a repeatable string flag such as -D or -I.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }
