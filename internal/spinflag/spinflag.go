package spinflag

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"
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

// Glued marks the flag values that may be written glued to a one-letter
// flag (-DN=3, -I.).
type Glued interface{ Glued() }

// TakesNext marks the boolean flags that take the next argument as their
// value when it is one (gospin verify's -I dir, and -I alone).
type TakesNext interface{ TakesNext(next string) bool }

// Optional marks the flags that take an optional value written glued
// (-t, -t2): they are boolean flags that also accept a number.
type Optional interface {
	flag.Value
	IsBoolFlag() bool
	Optional()
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

// Args rewrites one run of flags in SPIN's spellings into Go's,
// up to the first argument that is not a flag or a flag's value (which it
// returns as rest, with what follows). Flags whose whole name exists (-o1,
// -noreduce) stay as they are.
func Args(fs *flag.FlagSet, args []string) (flags, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			return flags, args[i:]
		}
		name := strings.TrimLeft(a, "-")
		base, _, hasEq := strings.Cut(name, "=")
		if f := fs.Lookup(base); f != nil {
			if n, ok := f.Value.(TakesNext); ok && !hasEq && i+1 < len(args) && n.TakesNext(args[i+1]) {
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
				if _, ok := f.Value.(Glued); ok {
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
				if _, ok := f.Value.(Optional); ok {
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

// Parse parses args with fs, flags and arguments in any order (the flags
// of SPIN's spellings included), and returns the arguments. Its errors are
// the flag package's.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		flags, rest := Args(fs, args)
		if err := fs.Parse(flags); err != nil {
			return nil, err
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

// errNegative is returned by Nat and Nat64 for negative values.
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

// NatVar defines an int flag that refuses negative values.
func NatVar(fs *flag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(natValue{p}, name, usage)
}

// Nat64Var defines an int64 flag that refuses negative values.
func Nat64Var(fs *flag.FlagSet, p *int64, name string, value int64, usage string) {
	*p = value
	fs.Var(nat64Value{p}, name, usage)
}

// IsDir says whether next names a directory (for TakesNext).
func IsDir(next string) bool {
	if strings.HasPrefix(next, "-") {
		return false
	}
	fi, err := os.Stat(next)
	return err == nil && fi.IsDir()
}

// Minutes is a duration flag (90s, 1h30m) that also takes a bare number
// of minutes, as pan's -Q does (gospin verify's -timelimit).
type Minutes time.Duration

func (t *Minutes) String() string {
	if t == nil || *t == 0 {
		return ""
	}
	return time.Duration(*t).String()
}

func (t *Minutes) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		m, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || math.IsNaN(m) || math.IsInf(m, 0) || m > 1e9 {
			return fmt.Errorf("want a duration such as 90s, 10m or 1h30m, or a number of minutes")
		}
		d = time.Duration(m * float64(time.Minute))
	}
	if d < 0 {
		return fmt.Errorf("must not be negative")
	}
	*t = Minutes(d)
	return nil
}

// Size is a memory-size flag: a number of bytes (3000000000) or a number
// with a unit (64MB, 1.5GB; binary units, store.ParseSize).
type Size struct {
	P     *int64
	Parse func(string) (int64, error)
}

func (v Size) String() string {
	if v.P == nil || *v.P == 0 {
		return ""
	}
	return strconv.FormatInt(*v.P, 10)
}

func (v Size) Set(s string) error {
	n, err := v.Parse(s)
	if err != nil {
		return err
	}
	*v.P = n
	return nil
}
