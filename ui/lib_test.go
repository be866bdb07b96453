package ui

import (
	"context"
	"os"
	"strings"
	"testing"
)

func sample(t *testing.T, name string) Model {
	t.Helper()
	b, err := os.ReadFile("samples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return Model{Name: name, Src: string(b)}
}

func TestCheckDiagnostics(t *testing.T) {
	r := Check(Model{Name: "bad.pml", Src: "active proctype p() {\n\tbyte x;\n\tx = y\n}\n"})
	if r.OK || len(r.Diags) == 0 {
		t.Fatalf("an undeclared y: want an error, got %+v", r)
	}
	if d := r.Diags[0]; d.Line != 3 || d.Severity != "error" || !strings.Contains(d.Msg, "y") {
		t.Errorf("diagnostic %+v: want an error about y on line 3", d)
	}
	r = Check(sample(t, "peterson.pml"))
	if !r.OK || len(r.Props) != 1 || r.Props[0].Name != "mutex" || r.Props[0].Kind != "ltl" || r.Props[0].Liveness {
		t.Errorf("peterson: want ok and the safety property mutex, got %+v", r)
	}
}

// The arbiter's assertion violation, found, then replayed as a chart:
// the three lifelines, the buffered requests and the rendezvous grants.
func TestVerifyThenReplay(t *testing.T) {
	m := sample(t, "arbiter.pml")
	calls := 0
	v := Verify(context.Background(), VerifyRequest{Model: m}, func(Progress) { calls++ })
	if v.Error != "" || len(v.Errors) != 1 {
		t.Fatalf("verify: want one error, got %+v", v)
	}
	e := v.Errors[0]
	if e.Message != "assertion violated (inside==1)" || e.Depth != 11 || e.Trail == "" {
		t.Fatalf("error %+v: want SPIN's assertion violated (inside==1) at depth 11, with a trail", e)
	}
	if !strings.Contains(v.Report, "gospin:1: assertion violated (inside==1) (at depth 11)") {
		t.Errorf("report lacks the error line:\n%s", v.Report)
	}
	s := Simulate(SimRequest{Model: m, Mode: "trail", Trail: e.Trail})
	if s.Error != "" || !s.Failed || !strings.Contains(s.End, "assertion violated") {
		t.Fatalf("replay: want the violation, got %+v", s)
	}
	c := s.Chart
	if strings.Join(c.Lanes, " ") != "client:0 client:1 arbiter:2" {
		t.Errorf("lifelines %q", c.Lanes)
	}
	for _, want := range []string{`class="msg buffered"`, `class="msg rendezvous"`, `class="error"`, "server!request,0"} {
		if !strings.Contains(c.SVG, want) {
			t.Errorf("the chart has no %s", want)
		}
	}
	last := c.Rows[len(c.Rows)-1]
	if last.Err == "" || last.Line != 24 {
		t.Errorf("last row %+v: want the assertion on line 24", last)
	}
	// the variables: inside is 2 when the assertion fails
	inside := ""
	for _, r := range c.Rows {
		for _, p := range r.Set {
			if p[0] == "inside" {
				inside = p[1]
			}
		}
	}
	if inside != "2" {
		t.Errorf("inside at the end = %q, want 2", inside)
	}
}

func TestInteractive(t *testing.T) {
	m := sample(t, "arbiter.pml")
	s := Simulate(SimRequest{Model: m, Mode: "interactive"})
	if s.Error != "" || len(s.Menu) != 2 || s.Steps != 0 {
		t.Fatalf("first menu: want the two clients' sends, got %+v", s)
	}
	if !strings.Contains(s.Menu[0].Text, "server!request") || strings.Contains(s.Output, "Select") {
		t.Errorf("menu %+v, output %q", s.Menu, s.Output)
	}
	s = Simulate(SimRequest{Model: m, Mode: "interactive", Choices: []int{1, 1}})
	if s.Steps != 2 || len(s.Menu) == 0 || len(s.Menu) > 3 || len(s.Chart.Rows) != 2 {
		t.Errorf("after two choices: %d steps, menu %+v, %d rows", s.Steps, s.Menu, len(s.Chart.Rows))
	}
}

func TestRandomAndAutomata(t *testing.T) {
	m := sample(t, "peterson.pml")
	s := Simulate(SimRequest{Model: m, Mode: "random", Seed: 3, Steps: 40})
	if s.Error != "" || s.Steps != 40 || s.End != "step limit" || len(s.Chart.Lanes) != 2 {
		t.Errorf("random run: %+v", s)
	}
	a := Automata(m)
	if a.Error != "" || !strings.HasPrefix(a.SVG, "<svg") || !strings.Contains(a.SVG, "never claim of its negation") {
		t.Errorf("automata: %q %.200s", a.Error, a.SVG)
	}
	v := Verify(context.Background(), VerifyRequest{Model: m}, nil)
	if v.Error != "" || len(v.Errors) != 0 || !v.Complete || v.Property != "mutex" {
		t.Errorf("peterson's mutex: want complete and no error, got %+v", v)
	}
}

// A liveness property: searched for acceptance cycles without asking,
// and the trail's chart marks where the cycle starts.
func TestLivenessCycle(t *testing.T) {
	b, err := os.ReadFile("testdata/starve.pml")
	if err != nil {
		t.Fatal(err)
	}
	m := Model{Name: "starve.pml", Src: string(b)}
	v := Verify(context.Background(), VerifyRequest{Model: m}, nil)
	if v.Error != "" || len(v.Errors) != 1 || v.Errors[0].Kind != "acceptance-cycle" || v.Property != "served_eventually" {
		t.Fatalf("want an acceptance cycle of served_eventually, got %+v", v)
	}
	if len(v.Notes) == 0 || !strings.Contains(v.Notes[0], "liveness") {
		t.Errorf("notes %q: want the note that -a was taken", v.Notes)
	}
	s := Simulate(SimRequest{Model: m, Mode: "trail", Trail: v.Errors[0].Trail})
	if s.Error != "" || s.Chart == nil || !strings.Contains(s.Chart.SVG, `class="cycle"`) {
		t.Fatalf("replay of the cycle: %+v", s)
	}
	if !strings.Contains(s.Output, "Never claim moves") && !strings.Contains(s.Output, "<<<<<START OF CYCLE>>>>>") {
		t.Errorf("the replay's output shows neither the claim nor the cycle:\n%s", s.Output)
	}
}

func TestLTLAndBFS(t *testing.T) {
	a := LTL(LTLRequest{Formula: "!([] (p -> <> q))"})
	if a.Error != "" || !strings.Contains(a.SVG, "<svg") || !strings.Contains(a.SVG, "accept") {
		t.Errorf("Büchi automaton: %q %.300s", a.Error, a.SVG)
	}
	if e := LTL(LTLRequest{Formula: "[] (p ->"}); e.Error == "" {
		t.Error("a broken formula: no error")
	}
	v := Verify(context.Background(), VerifyRequest{Model: sample(t, "arbiter.pml"), BFS: true}, nil)
	// gospin verify -bfs: the violation at depth 10 (depth-first: 11)
	if len(v.Errors) != 1 || v.Errors[0].Depth != 10 || !strings.Contains(v.Report, "+ Breadth-First Search") {
		t.Errorf("-bfs: %+v", v)
	}
}
