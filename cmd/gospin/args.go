package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The command line: gospin takes Go-style flags (-name value, -name=value)
// and, so that SPIN users' habits work, SPIN's and pan's spellings too:
//
//   - numeric options glued to their value, as pan takes them: -m100000,
//     -w24, -c0 (and gospin run's -n7, spin's seed);
//   - -D and -I glued to their value, as spin and cpp take them: -DN=3, -I.;
//   - options whose value is optional, glued: gospin run's -t2 (spin -t2);
//   - flags after the model name: gospin verify m.pml -a.
//
// Everything after "--" is an argument, never a flag.

// gluedValue marks the flag values that may be written glued to a
// one-letter flag (-DN=3, -I.).
type gluedValue interface{ glued() }

// optionalValue marks the flags that take an optional value written glued
// (-t, -t2): they are boolean flags that also accept a number.
type optionalValue interface {
	flag.Value
	IsBoolFlag() bool
	optional()
}

// isNumeric says whether f takes a number (an int, int64 or uint64 flag,
// or one of gospin's non-negative integer flags).
func isNumeric(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	switch g.Get().(type) {
	case int, int64, uint64, uint:
		return true
	}
	return false
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// spinStyleArgs rewrites one run of flags in SPIN's spellings into Go's,
// up to the first argument that is not a flag or a flag's value (which it
// returns as rest, with what follows). Flags whose whole name exists (-o1,
// -noreduce) stay as they are.
func spinStyleArgs(fs *flag.FlagSet, args []string) (flags, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			return flags, args[i:]
		}
		name := strings.TrimLeft(a, "-")
		base, _, hasEq := strings.Cut(name, "=")
		if f := fs.Lookup(base); f != nil {
			if n, ok := f.Value.(interface{ takesNext(string) bool }); ok && !hasEq && i+1 < len(args) && n.takesNext(args[i+1]) {
				// -I dir: a boolean flag that takes the next argument
				// when it is its value
				i++
				flags = append(flags, "-"+base+"="+args[i])
				continue
			}
			flags = append(flags, a)
			if !hasEq && !isBool(f) && i+1 < len(args) {
				i++
				flags = append(flags, args[i]) // the flag's value
			}
			continue
		}
		if len(name) > 1 && strings.Count(a[:len(a)-len(name)], "-") == 1 {
			// -DN=3, -I.: a one-letter flag glued to its value
			if f := fs.Lookup(name[:1]); f != nil {
				if _, ok := f.Value.(gluedValue); ok {
					flags = append(flags, "-"+name[:1]+"="+name[1:])
					continue
				}
			}
		}
		j := len(name)
		for j > 0 && name[j-1] >= '0' && name[j-1] <= '9' {
			j--
		}
		if j > 0 && j < len(name) && !hasEq {
			if f := fs.Lookup(name[:j]); f != nil {
				if _, ok := f.Value.(optionalValue); ok {
					flags = append(flags, "-"+name[:j]+"="+name[j:])
					continue
				}
				if isNumeric(f) {
					flags = append(flags, "-"+name[:j], name[j:])
					continue
				}
			}
		}
		flags = append(flags, a)
	}
	return flags, nil
}

// parseArgs parses args with fs, flags and arguments in any order (the
// flags of SPIN's spellings included), and returns the arguments. Its
// errors are the flag package's, or errUnknownFlag with a hint.
func parseArgs(fs *flag.FlagSet, cmd string, args []string) ([]string, error) {
	var pos []string
	for {
		flags, rest := spinStyleArgs(fs, args)
		if err := fs.Parse(flags); err != nil {
			return nil, flagError(cmd, err)
		}
		if len(fs.Args()) > 0 {
			// a flag's value was missing and the flag package took the
			// next token; or flags ended at "--" inside flags
			pos = append(pos, fs.Args()...)
		}
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// unknownFlagError is a flag the command does not define.
type unknownFlagError struct {
	cmd, flag, hint string
}

func (e *unknownFlagError) Error() string {
	s := fmt.Sprintf("gospin %s: flag provided but not defined: -%s", e.cmd, e.flag)
	if e.hint != "" {
		s += "\n\t" + e.hint
	}
	return s
}

// flagError adds a hint to the flag package's "not defined" error where
// the flag is one of SPIN's or pan's.
func flagError(cmd string, err error) error {
	const prefix = "flag provided but not defined: -"
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) {
		return err
	}
	name := strings.TrimPrefix(msg, prefix)
	return &unknownFlagError{cmd: cmd, flag: name, hint: spinHint(cmd, name)}
}

// spinHint names gospin's equivalent of a SPIN or pan flag, or says that
// it has none; "" for a flag that is not one of SPIN's.
func spinHint(cmd, name string) string {
	letter, arg := name[:1], name[1:]
	switch name {
	case "search", "run":
		return "spin -search and -run verify: use 'gospin verify' (pan's options are accepted)"
	case "version":
		return "use 'gospin version'"
	}
	switch cmd {
	case "verify":
		switch letter {
		case "m", "w", "c":
			// defined: only a malformed value gets here (-m1x)
			return fmt.Sprintf("-%s takes a non-negative number, glued or after a space: -%s100 or -%s 100", letter, letter, letter)
		case "V":
			return "spin -V and pan -V: use 'gospin version'"
		case "h":
			return "pan's -hN (hash function) has no equivalent: gospin's hash table has one hash function"
		case "k":
			return "pan's -kN (bitstate hash functions): bitstate storage is not yet supported"
		case "b":
			return "pan's -b (bounded search): use -m N; exceeding it is not an error in gospin"
		case "r", "C", "P", "p", "g", "S":
			if letter == "r" || letter == "C" || letter == "P" {
				return "pan -r and -C replay a trail: use 'gospin run -t model.pml'"
			}
			return "pan's -" + letter + " prints the trail while replaying: use 'gospin run -t -p model.pml'"
		case "t":
			return "pan's -tsuf (trail file suffix) has no equivalent: trails are model.pml.trail, model.pml1.trail, ..."
		case "L":
			return "pan's -L (scheduling restriction) is not supported"
		case "x":
			return "pan's -x (do not overwrite trails) is not supported"
		case "d":
			return "pan -d prints the state tables: use 'gospin graph model.pml'"
		case "J", "T", "s", "M", "Y", "z", "u", "y", "X":
			return "pan's -" + letter + " has no equivalent in gospin verify ('gospin help verify' lists the flags)"
		case "o":
			return "spin's -o1, -o2, -o3 are accepted; -o" + arg + " is not one of them"
		case "D":
			return "-D takes NAME[=VALUE]: -DNOREDUCE or -D NOREDUCE"
		}
	case "run":
		switch letter {
		case "a":
			return "spin -a generates a verifier: use 'gospin verify model.pml' (pan's options are accepted)"
		case "V":
			return "spin -V: use 'gospin version'"
		case "f", "F":
			return "spin -f and -F translate an LTL formula: use 'gospin ltl -f formula'"
		case "t":
			return "spin -t replays a trail: -t, -t1, -t2, ... or -k file"
		case "j", "J", "w", "v", "b", "B", "m", "o", "M", "x", "X", "Y", "e", "O", "E":
			return "spin's -" + letter + " has no equivalent in gospin run ('gospin help run' lists the flags)"
		case "n":
			return "spin -nN sets the seed: -n7 or -seed 7"
		case "U":
			return "-U (undefine a macro) is not supported; give the macros to define with -D"
		}
	}
	return ""
}

// errFlagValue is returned by flag values for bad values.
var errNegative = errors.New("must not be negative")

// natValue is an integer flag that refuses negative values.
type natValue struct{ p *int }

func (v natValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.Itoa(*v.p)
}
func (v natValue) Get() any { return *v.p }
func (v natValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return errors.New("not an integer")
	}
	if n < 0 {
		return errNegative
	}
	*v.p = int(n)
	return nil
}

// nat64Value is an int64 flag that refuses negative values.
type nat64Value struct{ p *int64 }

func (v nat64Value) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatInt(*v.p, 10)
}
func (v nat64Value) Get() any { return *v.p }
func (v nat64Value) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return errors.New("not an integer")
	}
	if n < 0 {
		return errNegative
	}
	*v.p = n
	return nil
}

func natVar(fs *flag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(natValue{p}, name, usage)
}

func nat64Var(fs *flag.FlagSet, p *int64, name string, value int64, usage string) {
	*p = value
	fs.Var(nat64Value{p}, name, usage)
}

// printFlagError prints a command-line error and where to read more.
func printFlagError(w io.Writer, cmd string, err error) {
	var u *unknownFlagError
	if errors.As(err, &u) {
		fmt.Fprintln(w, u.Error())
	} else if msg := err.Error(); strings.HasPrefix(msg, "invalid value ") && strings.Contains(msg, " for flag -D: ") {
		// the -D value's own message says it all: -DBITSTATE: not yet: ...
		_, m, _ := strings.Cut(msg, " for flag -D: ")
		fmt.Fprintf(w, "gospin %s: %s\n", cmd, m)
	} else {
		fmt.Fprintf(w, "gospin %s: %v\n", cmd, err)
	}
	fmt.Fprintf(w, "Run 'gospin help %s' for usage.\n", cmd)
}
