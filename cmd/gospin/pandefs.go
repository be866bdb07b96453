package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gospin/gospin/internal/spinflag"
	"github.com/gospin/gospin/verify"
)

// defineValue is gospin verify's -D: pan's compile-time names set options,
// other names are macros of the model.
type defineValue struct {
	macros *listFlag
	pan    *verify.Settings
}

func (d *defineValue) String() string {
	if d.macros == nil {
		return ""
	}
	return d.macros.String()
}

func (d *defineValue) Set(s string) error {
	if s == "" || strings.HasPrefix(s, "=") {
		return errors.New("-D takes NAME[=VALUE]")
	}
	if ok, err := d.pan.SetPanDefine(s); ok || err != nil {
		return err
	}
	return d.macros.Set(s)
}

func (d *defineValue) Glued() {}

// includeOrIterative is gospin verify's -I: -I dir (a directory, given
// after a space or glued: -I.) adds to the #include path, as for spin;
// -I alone is pan's -I (iteratively shorter trails, halving the depth).
type includeOrIterative struct {
	dirs      *listFlag
	iterative *int
}

func (v *includeOrIterative) String() string {
	if v.dirs == nil {
		return ""
	}
	return v.dirs.String()
}
func (v *includeOrIterative) IsBoolFlag() bool { return true }
func (v *includeOrIterative) Glued()           {}
func (v *includeOrIterative) Set(s string) error {
	if s == "true" {
		*v.iterative = 2
		return nil
	}
	if s == "" {
		return errors.New("-I takes a directory (or nothing: pan's -I)")
	}
	return v.dirs.Set(s)
}

// TakesNext says whether the argument after -I is its directory.
func (v *includeOrIterative) TakesNext(next string) bool { return spinflag.IsDir(next) }

// workersFlag is gospin verify's -j N: the workers of the search; 0 or
// "all" is every core the process may use, "auto" (the default:
// verify.WorkersAuto) every core where the parallel search covers the
// search.
type workersFlag struct{ n *int }

func (f workersFlag) String() string {
	if f.n == nil || *f.n == verify.WorkersAuto {
		return "auto"
	}
	if *f.n == 0 {
		return "1"
	}
	return strconv.Itoa(*f.n)
}

func (f workersFlag) Set(s string) error {
	if s == "auto" {
		*f.n = verify.WorkersAuto
		return nil
	}
	if s == "all" {
		*f.n = verify.WorkersAll()
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errors.New("-j takes a number of workers, all or auto")
	}
	if n == 0 {
		n = verify.WorkersAll()
	}
	*f.n = n
	return nil
}

// Glued: -j4 is -j 4, as pan glues its numbers.
func (workersFlag) Glued() {}
