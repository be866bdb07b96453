package main

import (
	"embed"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/gospin/gospin/internal/buildinfo"
)

// command is one subcommand of gospin.
type command struct {
	name  string
	args  string // synopsis of the arguments after the flags
	short string // one line for `gospin help`; help/NAME.txt is the text for `gospin help NAME`
	// setup declares the command's flags and returns the function that runs
	// it with the remaining arguments; it returns the process exit code.
	setup func(fs *flag.FlagSet) func(args []string) int
}

// commands are gospin's commands by name; each one's setup is in its file
// (cmd/gospin/NAME.go).
var commands = map[string]*command{
	"check":  {name: "check", args: "model.pml...", short: "parse and type-check models", setup: setupCheck},
	"fmt":    {name: "fmt", args: "model.pml...", short: "format models in the canonical layout", setup: setupFmt},
	"graph":  {name: "graph", args: "model.pml", short: "print the process automata as Graphviz DOT", setup: setupGraph},
	"ltl":    {name: "ltl", args: "[-hoa | -dot | -stats] [-f formula]... [-F file] [formula...]", short: "translate LTL formulas into never claims or HOA automata", setup: setupLTL},
	"run":    {name: "run", args: "model.pml", short: "simulate a model (random, interactive, or replaying a trail)", setup: setupRun},
	"swarm":  {name: "swarm", args: "model.pml", short: "swarm verification: many diversified bitstate searches, on this machine's cores or a Slurm cluster", setup: setupSwarm},
	"ui":     {name: "ui", args: "[model.pml]", short: "serve gospin's web page on localhost: edit, simulate, verify, charts", setup: setupUI},
	"verify": {name: "verify", args: "model.pml", short: "verify a model exhaustively (assertions, invalid end states)", setup: setupVerify},
}

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
	runFn, rest, err := parseCommand(c, args[1:])
	if err != nil {
		if err == flag.ErrHelp {
			commandUsage(stdout, c, newFlagSet(c))
			return exitOK
		}
		printFlagError(stderr, c.name, err)
		return exitUsage
	}
	return runFn(rest)
}

// newFlagSet returns the flag set of c, its flags declared.
func newFlagSet(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("gospin "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed by printFlagError
	fs.Usage = func() {}
	c.setup(fs)
	return fs
}

// parseCommand declares c's flags, parses args and returns the function
// that runs the command and its arguments.
func parseCommand(c *command, args []string) (func([]string) int, []string, error) {
	fs := flag.NewFlagSet("gospin "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	runFn := c.setup(fs)
	rest, err := parseArgs(fs, c.name, args)
	if err != nil {
		return nil, nil, err
	}
	return runFn, rest, nil
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
	fmt.Fprintf(w, "usage: gospin %s [flags] %s\n\n%s\n", c.name, c.args, strings.TrimSpace(helpText(c.name)))
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
	vi := readVersion()
	s := "gospin " + vi.Version
	if vi.Revision != "" {
		s += ", revision " + vi.Revision
		if vi.Modified {
			s += "+modified"
		}
		if vi.Time != "" {
			s += " (" + vi.Time + ")"
		}
	}
	if vi.GoVersion != "" {
		s += ", " + vi.GoVersion
	}
	return s
}

// versionLine is the report's first line, in the shape of pan's
// "(Spin Version 6.5.2 -- 6 December 2019)".
func versionLine() string {
	vi := readVersion()
	s := "(gospin version " + vi.Version
	if vi.Revision != "" {
		r := vi.Revision
		if len(r) > 12 {
			r = r[:12]
		}
		s += " -- revision " + r
		if vi.Modified {
			s += "+modified"
		}
	}
	return s + ")"
}

// readVersion reads the version and revision of the build.
func readVersion() buildinfo.Info { return buildinfo.Read(version) }

// listFlag collects a repeatable string flag such as -D or -I.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }
func (l *listFlag) Glued()             {}

//go:embed help/*.txt
var helpFiles embed.FS

// helpText is the text of `gospin help name` (help/NAME.txt).
func helpText(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		return ""
	}
	return string(b)
}
