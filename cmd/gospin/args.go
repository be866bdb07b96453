package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gospin/gospin/internal/spinflag"
)

// The command line: package spinflag reads SPIN's and pan's spellings
// (-m100000, -DN=3, -t2, flags after the model); here are gospin's hints
// for the flags it does not have.

// parseArgs parses args with fs (spinflag.Parse); its errors are the flag
// package's, or unknownFlagError with a hint.
func parseArgs(fs *flag.FlagSet, cmd string, args []string) ([]string, error) {
	pos, err := spinflag.Parse(fs, args)
	if err != nil {
		return nil, flagError(cmd, err)
	}
	return pos, nil
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
		case "m", "w", "c", "k":
			// defined: only a malformed value gets here (-m1x)
			return fmt.Sprintf("-%s takes a non-negative number, glued or after a space: -%s100 or -%s 100", letter, letter, letter)
		case "V":
			return "spin -V and pan -V: use 'gospin version'"
		case "h":
			return "pan's -hN (hash function): use -hashseed N (the seed of the hash functions of -store hc and bitstate)"
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
