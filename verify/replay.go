package verify

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/gospin/gospin/engine"
	"github.com/gospin/gospin/property"
	"github.com/gospin/gospin/trail"
)

// SimModel is the engine a simulation of src runs on, and the number of
// the claim it carries (0 for none; property.List's order, from 1). As
// in SPIN, a random or interactive simulation (t nil) runs without the
// never claim and without trace checks, which log is told; a replay of
// trail t uses the property the trail was found for, with the claim,
// statement merging and end-state rule that its headers name (Check
// writes them).
func SimModel(src *Source, t *trail.Trail, log io.Writer) (e *engine.Engine, claim int, err error) {
	log = orDiscard(log)
	props := src.props
	var prop *property.Property
	if t != nil {
		if name := t.Headers["property"]; name != "" {
			if prop = property.Find(props, name); prop == nil {
				return nil, 0, fmt.Errorf("the trail is for property %q, which the model does not have", name)
			}
			for i := range props {
				if props[i].Name == name {
					claim = i + 1
				}
			}
		}
	} else {
		for _, p := range props {
			if p.Kind == property.Never {
				fmt.Fprintln(log, "warning: never claim not used in random simulation")
				break
			}
		}
	}
	tr := translator
	if t != nil && t.Headers["claim"] == "si" && tr != nil {
		tr = property.SITranslator // the claim the trail was found with
	}
	pm, err := property.Model(src.Front.Model, prop, tr)
	if err != nil {
		return nil, 0, err
	}
	prog, err := src.lower(pm)
	if err != nil {
		return nil, 0, err
	}
	if prog.Trace != nil {
		// SPIN checks trace and notrace sequences only in verification; a
		// replay does not report their errors either
		if t == nil {
			fmt.Fprintln(log, "warning: trace assertion not used in random simulation")
		}
		prog.Trace = nil
	}
	// No dead-variable reset and no hiding: the simulation shows every
	// variable as the model has it. A trail found with statement merging
	// (gospin verify's default) is replayed with it, and one found with
	// pan's -q judges end states with it.
	merge := t != nil && t.Headers["merge"] == "yes"
	strict := t != nil && t.Headers["strict-end"] == "yes"
	e, err = engine.NewWithOptions(prog, engine.Options{Merge: merge, StrictEnd: strict})
	if err != nil {
		return nil, 0, err
	}
	return e, claim, nil
}

// FindTrail returns the trail of src that gospin run -t replays: the n-th
// trail (trail.Name) of the property named name, or when name is empty of
// the model without a property name, or else of the one property of the
// model that has one (the newest when several have, which notes says).
// It falls back on the names gospin used before (trail.OldName), for
// trails in gospin's format.
func FindTrail(src *Source, name string, n int, notes io.Writer) (string, error) {
	path, props := src.Path, src.props
	exists := func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && st.Mode().IsRegular()
	}
	// the trail's own property header, to check a trail without the
	// property in its name
	propOf := func(p string) string {
		t, err := trail.ReadFile(p)
		if err != nil {
			return ""
		}
		return t.Headers["property"]
	}
	spinTrail := ""
	try := func(prop string, anyProp bool) string {
		for _, p := range []string{trail.Name(path, prop, n), trail.OldName(path, prop, n)} {
			if !exists(p) {
				continue
			}
			if p != trail.Name(path, prop, n) && !trail.IsGospin(p) {
				spinTrail = p
				continue
			}
			if anyProp || prop != "" || name == "" || propOf(p) == name {
				return p
			}
		}
		return ""
	}
	if name != "" {
		if property.Find(props, name) == nil {
			return "", fmt.Errorf("%s: no never claim or ltl property named %q", path, name)
		}
		if p := try(name, false); p != "" {
			return p, nil
		}
		if p := try("", false); p != "" {
			return p, nil
		}
	} else {
		if p := try("", true); p != "" {
			return p, nil
		}
		var found []string
		for _, pr := range props {
			if p := try(pr.Name, true); p != "" {
				found = append(found, p)
			}
		}
		if len(found) > 0 {
			sort.SliceStable(found, func(i, j int) bool { return modTime(found[i]).After(modTime(found[j])) })
			if len(found) > 1 {
				fmt.Fprintf(orDiscard(notes), "gospin: replaying %s, the newest of %s (-N name chooses)\n", found[0], strings.Join(found, ", "))
			}
			return found[0], nil
		}
	}
	if spinTrail != "" {
		return "", fmt.Errorf("%s is a trail of SPIN's, not gospin's: replay it with spin -t (gospin's trails are %s)", spinTrail, trail.Name(path, name, n))
	}
	want := trail.Name(path, name, n)
	if name == "" && len(props) > 1 {
		want = trail.Name(path, "NAME", n)
	}
	return "", fmt.Errorf("%s: no trail (%s); run gospin verify first", path, want)
}

func modTime(p string) time.Time {
	st, err := os.Stat(p)
	if err != nil {
		return time.Time{}
	}
	return st.ModTime()
}
