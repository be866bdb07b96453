package verify

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/pins"
	"github.com/gospin/gospin/simulate"
	"github.com/gospin/gospin/trail"
)

// loadSource writes src to a temporary model file and loads it.
func loadSource(t *testing.T, src string) (*Source, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.pml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, path
}

// TestProperties: -N picks one property (an unknown name is an error),
// -noclaim none, -l none with a note naming the properties left out, and
// by default every property in turn.
func TestProperties(t *testing.T) {
	src, err := Load("testdata/lost.pml", nil)
	if err != nil {
		t.Fatal(err)
	}
	var notes strings.Builder
	for _, c := range []struct {
		s    Settings
		want string // the properties' names, "-" for none
		err  bool
	}{
		{Settings{}, "finish", false},
		{Settings{Claim: "finish"}, "finish", false},
		{Settings{Claim: "nosuch"}, "", true},
		{Settings{NoClaim: true}, "-", false},
		{Settings{NonProgress: true, Notes: &notes}, "-", false},
	} {
		props, err := Properties(src, c.s)
		if (err != nil) != c.err {
			t.Errorf("%+v: error %v", c.s, err)
			continue
		}
		var names []string
		for _, p := range props {
			if p == nil {
				names = append(names, "-")
			} else {
				names = append(names, p.Name)
			}
		}
		if got := strings.Join(names, ","); got != c.want {
			t.Errorf("%+v: properties %q, want %q", c.s, got, c.want)
		}
	}
	if !strings.Contains(notes.String(), "-l checks non-progress cycles with its own claim") || !strings.Contains(notes.String(), "(finish)") {
		t.Errorf("-l note: %q", notes.String())
	}
}

// TestValidate: pan's refusals are errors, what pan drops is dropped with
// a note, and -e means -c0.
func TestValidate(t *testing.T) {
	for _, c := range []struct {
		s    Settings
		err  string
		note string
	}{
		{Settings{Safety: true, Accept: true}, "disabled by -DSAFETY", ""},
		{Settings{Safety: true, PanNP: true}, "cannot combine -DNP and -DSAFETY", ""},
		{Settings{PanNP: true, Accept: true}, "", "-a is disabled by -DNP"},
		{Settings{Iterative: 1, Accept: true}, "", "-i or -I work for safety properties only"},
		{Settings{Iterative: 2, BFS: true}, "", "a breadth-first search finds the shortest trail"},
		{Settings{Iterative: 1, AllTrails: true}, "cannot be combined with -e", ""},
		{Settings{HashLog2: 41}, "at most -w40", ""},
	} {
		var notes strings.Builder
		s := c.s
		s.Notes = &notes
		err := s.Validate()
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%+v: error %v, want %q", c.s, err, c.err)
		}
		if !strings.Contains(notes.String(), c.note) {
			t.Errorf("%+v: notes %q, want %q", c.s, notes.String(), c.note)
		}
	}
	s := Settings{AllTrails: true, StopAfter: 1}
	if err := s.Validate(); err != nil || s.StopAfter != 0 {
		t.Errorf("-e: StopAfter %d, %v", s.StopAfter, err)
	}
	s = Settings{PanNP: true, Accept: true}
	if s.Validate(); s.Accept {
		t.Error("-DNP -a: -a kept")
	}
}

// TestSetPanDefine: pan's compile-time names set settings; other names are
// macros of the model (ok false); storage modes set Storage.
func TestSetPanDefine(t *testing.T) {
	var s Settings
	for _, d := range []string{"NOREDUCE", "BFS", "NOCLAIM=1", "MEMLIM=512", "SAFETY"} {
		if ok, err := s.SetPanDefine(d); !ok || err != nil {
			t.Errorf("-D%s: %v %v", d, ok, err)
		}
	}
	if !s.NoReduce || !s.BFS || !s.NoClaim || s.MemLimitMB != 512 || !s.Safety {
		t.Errorf("settings %+v", s)
	}
	// pan's search orders (pins.Reorder)
	var o Settings
	for _, d := range []string{"T_REVERSE", "P_RAND"} {
		if ok, err := o.SetPanDefine(d); !ok || err != nil {
			t.Errorf("-D%s: %v %v", d, ok, err)
		}
	}
	if o.Order != (pins.Order{Procs: pins.Shuffled, Trans: pins.Reversed}) {
		t.Errorf("-DT_REVERSE -DP_RAND: order %v", o.Order)
	}
	if ok, err := o.SetPanDefine("RANDOMIZE=7"); !ok || err != nil || o.Order.Trans != pins.Shuffled || o.Order.Seed != 7 {
		t.Errorf("-DRANDOMIZE=7: %v %v %v", ok, err, o.Order)
	}
	if ok, err := s.SetPanDefine("N=3"); ok || err != nil {
		t.Errorf("-DN=3: %v %v: want a model macro", ok, err)
	}
	for _, d := range []string{"MEMLIM", "MEMLIM=-1", "NOSTATE", "RANDOMIZE=x"} {
		if ok, err := s.SetPanDefine(d); !ok || err == nil {
			t.Errorf("-D%s: %v %v: want refused", d, ok, err)
		}
	}
	// the storage modes: BITSTATE, HCn (32+8n bits), COLLAPSE and MA
	for _, c := range []struct {
		def, mode string
		bits      int
	}{{"BITSTATE", "bitstate", 0}, {"HC", "hc", 64}, {"HC0", "hc", 32}, {"HC2", "hc", 48}, {"HC4", "hc", 64}, {"COLLAPSE", "tree", 0}, {"MA", "tree", 0}} {
		var s Settings
		if ok, err := s.SetPanDefine(c.def); !ok || err != nil || s.Storage.Mode != c.mode || s.Storage.HCBits != c.bits {
			t.Errorf("-D%s: %v %v: storage %+v, want %s with %d bits", c.def, ok, err, s.Storage, c.mode, c.bits)
		}
	}
}

// TestCheckTrails: without WriteTrails no trail is written; with it the
// first error's trail is written next to the model, FindTrail finds it and
// it replays to the error on the model SimModel builds from its headers.
func TestCheckTrails(t *testing.T) {
	src, path := loadSource(t, "byte x;\nactive proctype P() { x = 1; assert(x == 2) }\n")
	s := DefaultSettings()
	s.WriteTrails = false
	sum, err := Check(context.Background(), src, nil, s)
	if err != nil || sum.Errors != 1 || sum.Violations[0].Trail != "" {
		t.Fatalf("without trails: %v %+v", err, sum)
	}
	s.WriteTrails = true
	if sum, err = Check(context.Background(), src, nil, s); err != nil || sum.Violations[0].Trail != path+".gtrail" {
		t.Fatalf("with trails: %v %+v", err, sum.Violations)
	}
	tp, err := FindTrail(src, "", 0, nil)
	if err != nil || tp != path+".gtrail" {
		t.Fatalf("FindTrail: %q %v", tp, err)
	}
	tr, err := trail.ReadFile(tp)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Headers["merge"] != "yes" {
		t.Errorf("headers %v: want merge: yes", tr.Headers)
	}
	e, claim, err := SimModel(src, tr, nil)
	if err != nil || claim != 0 {
		t.Fatalf("SimModel: %v, claim %d", err, claim)
	}
	res, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: tr, Output: io.Discard})
	if err != nil || !res.Failed() {
		t.Errorf("replay: %v %+v", err, res)
	}
}

// TestCheckOnTrail: OnTrail gets the trail that would be written, with
// WriteTrails off too (gospin ui keeps trails in memory), one per error
// kept with -e.
func TestCheckOnTrail(t *testing.T) {
	src, path := loadSource(t, "byte x;\nactive [2] proctype P() { x++; assert(x < 2) }\n")
	s := DefaultSettings()
	s.WriteTrails, s.AllTrails = false, true
	var got []*trail.Trail
	s.OnTrail = func(tr *trail.Trail) { got = append(got, tr) }
	sum, err := Check(context.Background(), src, nil, s)
	if err != nil || sum.Errors == 0 || len(got) != len(sum.Violations) {
		t.Fatalf("%v: %d errors, %d violations, %d trails", err, sum.Errors, len(sum.Violations), len(got))
	}
	for _, f := range []string{trail.Name(path, "", 0), trail.Name(path, "", 1)} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s written without WriteTrails", f)
		}
	}
	tr := got[0]
	if tr.Headers["error"] != sum.Violations[0].Message || tr.Headers["merge"] != "yes" || len(tr.Steps) == 0 {
		t.Errorf("trail headers %v, %d steps", tr.Headers, len(tr.Steps))
	}
	e, _, err := SimModel(src, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := simulate.Run(e, simulate.Options{Mode: simulate.Replay, Trail: tr, Output: io.Discard}); err != nil || !res.Failed() {
		t.Errorf("replay: %v %+v", err, res)
	}
}

// TestCheckSelfLoops: a model with an unconditional self-loop is refused
// as pan refuses it at start-up (pan: "has unconditional self-loop");
// Settings.SelfLoops (-selfloop) searches it all the same: 2 states, no
// error (testdata/spindiff/unconditional-self-loop.pml has pan's figures).
func TestCheckSelfLoops(t *testing.T) {
	src, _ := loadSource(t, "byte x;\nactive proctype P() {\n\tdo\n\t:: skip\n\t:: x = 1 - x\n\tod\n}\n")
	s := DefaultSettings()
	s.NoReduce, s.NoDeadVarReset, s.NoHideWriteOnly, s.NoMerge = true, true, true, true
	if _, err := Check(context.Background(), src, nil, s); err == nil || !strings.Contains(err.Error(), "unconditional self-loop") {
		t.Fatalf("Check: %v, want pan's refusal", err)
	}
	s.SelfLoops = true
	sum, err := Check(context.Background(), src, nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Errors != 0 || sum.StatesStored != 2 {
		t.Errorf("with SelfLoops: %d errors, %d states; want 0, 2", sum.Errors, sum.StatesStored)
	}
}

// TestDeadVarReduction: with dead-variable reset on (the default),
// partial-order reduction keeps pan's strength on issue 19's pattern of
// per-process choices on locals: pan's default run (spin -a; gcc -DSAFETY)
// stores 1,643 states (3,163 transitions) with two processes and 42,165
// (97,497) with three, as the models' headers record.
func TestDeadVarReduction(t *testing.T) {
	for _, c := range []struct {
		path          string
		stored, trans int64
	}{
		{"../testdata/counts/deadvar_choices.pml", 1643, 3163},
		{"testdata/deadvar_choices3.pml", 42165, 97497},
	} {
		src, err := Load(c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Check(context.Background(), src, nil, DefaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		if sum.StatesStored != c.stored || sum.Transitions != c.trans || sum.Errors != 0 {
			t.Errorf("%s: %d states, %d transitions, %d errors; pan: %d, %d, 0", c.path, sum.StatesStored, sum.Transitions, sum.Errors, c.stored, c.trans)
		}
	}
}

// TestNonProgressOneProcess: with one process a reduction is the
// identity, and the non-progress search (-l, reduction on) searches
// pan's claim, whose product is smaller than that of the SI normal form:
// pan's figures (spin -a; gcc -DNP; pan -l), as the model's header
// records. The SI claim's product stored 33 states.
func TestNonProgressOneProcess(t *testing.T) {
	src, err := Load("testdata/np_oneproc.pml", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := DefaultSettings()
	s.NonProgress = true
	s.Workers = 1 // pan's counts (several workers store the same states; their matches depend on the order)
	sum, err := Check(context.Background(), src, nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if sum.StatesStored != 32 || sum.StatesVisited != 46 || sum.StatesMatched != 25 || sum.Transitions != 71 || sum.Errors != 0 || !sum.Reduced {
		t.Errorf("%d states stored (%d visited), %d matched, %d transitions, %d errors, reduced %v; pan: 32 (46), 25, 71, 0, reduced",
			sum.StatesStored, sum.StatesVisited, sum.StatesMatched, sum.Transitions, sum.Errors, sum.Reduced)
	}
}
