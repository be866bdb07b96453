package main

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gospin/gospin/internal/svgdoc"
)

// sweepSVG: GOSPIN_SVG_SWEEP=1 draws every corpus model and every
// benchmark formula; by default a sample is drawn.
var sweepSVG = os.Getenv("GOSPIN_SVG_SWEEP") != ""

func parseSVG(t *testing.T, what, out string) *svgdoc.Node {
	t.Helper()
	root, err := svgdoc.Parse(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%s: the SVG does not parse: %v", what, err)
	}
	if root.Name != "svg" {
		t.Fatalf("%s: root element %s", what, root.Name)
	}
	return root
}

// checkGraphSVG checks that every edge joins two nodes of the picture
// and carries an arrow.
func checkGraphSVG(t *testing.T, what string, root *svgdoc.Node) {
	t.Helper()
	ids := map[string]bool{}
	for _, n := range root.Class("node") {
		ids[n.Attrs["id"]] = true
	}
	for _, e := range root.Class("edge") {
		if !ids[e.Attrs["data-from"]] || !ids[e.Attrs["data-to"]] {
			t.Errorf("%s: edge %v joins nodes not drawn", what, e.Attrs)
		}
		if len(e.All(func(n *svgdoc.Node) bool { return n.Name == "path" && n.Attrs["marker-end"] != "" })) != 1 {
			t.Errorf("%s: edge %v has no arrow", what, e.Attrs)
		}
	}
}

func TestGraphSVG(t *testing.T) {
	code, out, errs := gospin("graph", "-svg", "../../examples/peterson.pml")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	root := parseSVG(t, "peterson", out)
	checkGraphSVG(t, "peterson", root)
	cl := root.Class("cluster")
	if len(cl) != 2 || cl[0].Attrs["data-name"] != "proctype user" || !strings.HasPrefix(cl[1].Attrs["data-name"], "ltl ") {
		t.Fatalf("clusters %v, want proctype user and its ltl property", cl)
	}
	if n := len(root.All(func(n *svgdoc.Node) bool { return n.HasClass("node") && strings.HasPrefix(n.Attrs["id"], "g0-") })); n != 8 {
		t.Errorf("%d nodes in proctype user, want peterson's 8 locations", n)
	}
	var labels []string
	for _, e := range root.Class("edge") {
		labels = append(labels, e.Texts()...)
	}
	sort.Strings(labels)
	for _, want := range []string{"-end-", "assert((incrit==1))", "flag[_pid] = 1", "turn = other"} {
		if i := sort.SearchStrings(labels, want); i == len(labels) || labels[i] != want {
			t.Errorf("no edge labelled %q in %q", want, labels)
		}
	}
	if len(root.Class("start")) != 2 || len(root.Class("end")) < 1 {
		t.Error("start (of the proctype and the claim) or end location not marked")
	}

	// a model's ltl property is drawn as the never claim of its negation
	code, out, errs = gospin("graph", "-svg", "testdata/msc/cycle.pml")
	if code != exitOK {
		t.Fatalf("cycle.pml: exit %d\n%s", code, errs)
	}
	root = parseSVG(t, "cycle.pml", out)
	checkGraphSVG(t, "cycle.pml", root)
	var names []string
	for _, c := range root.Class("cluster") {
		names = append(names, c.Attrs["data-name"])
	}
	if got := strings.Join(names, "|"); got != "proctype Pinger|proctype Ponger|ltl live: never claim of its negation" {
		t.Errorf("clusters %q", got)
	}
	if n := len(root.Class("accept")); n != 1 {
		t.Errorf("%d accepting states in the claim of []<> done, want 1", n)
	}

	// the state space: 26 states, the last an invalid end state
	path := copyModel(t, "cmd/gospin/testdata/msc/handshake.pml")
	code, out, errs = gospin("graph", "-svg", "-states", "100", path)
	if code != exitOK || errs != "" {
		t.Fatalf("-states: exit %d\n%s", code, errs)
	}
	root = parseSVG(t, "state space", out)
	checkGraphSVG(t, "state space", root)
	if n, e := len(root.Class("node")), len(root.Class("edge")); n != 26 || e != 25 {
		t.Errorf("state space: %d nodes, %d edges; want 26, 25", n, e)
	}
	if n := len(root.Class("error")); n < 2 {
		t.Errorf("%d error marks, want the assertion's and the invalid end state's", n)
	}
	code, out, errs = gospin("graph", "-svg", "-states", "10", path)
	if code != exitOK || !strings.Contains(errs, "more than 10 states") {
		t.Errorf("bounded: exit %d, stderr %q", code, errs)
	}
	if n := len(parseSVG(t, "bounded", out).Class("node")); n != 10 {
		t.Errorf("bounded: %d nodes", n)
	}
	code, out, _ = gospin("graph", "-states", "5", path)
	if code != exitOK || !strings.HasPrefix(out, "digraph") {
		t.Errorf("-states without -svg: exit %d\n%s", code, out)
	}
}

// TestGraphSVGCorpus draws the process automata of corpus models (a
// sample; GOSPIN_SVG_SWEEP=1: all) and checks each picture parses.
func TestGraphSVGCorpus(t *testing.T) {
	models, _ := filepath.Glob(filepath.Join(corpusModels, "*.pml"))
	if len(models) == 0 {
		t.Skip("no corpus at ../shared/corpus: skipped")
	}
	sort.Strings(models)
	drawn := 0
	for i, m := range models {
		if !sweepSVG && i%16 != 0 {
			continue
		}
		code, out, errs := gospin("graph", "-svg", m)
		if code != exitOK {
			// a model gospin cannot load is not drawn; DOT fails the same
			if c2, _, _ := gospin("graph", m); c2 == exitOK {
				t.Errorf("%s: -svg fails where DOT does not: exit %d\n%s", m, code, errs)
			}
			continue
		}
		root := parseSVG(t, m, out)
		checkGraphSVG(t, m, root)
		if len(root.Class("cluster")) == 0 || len(root.Class("node")) == 0 {
			t.Errorf("%s: an empty picture", m)
		}
		drawn++
	}
	t.Logf("%d corpus models drawn (GOSPIN_SVG_SWEEP=1: all %d)", drawn, len(models))
}

// TestLTLSVG draws the Büchi automata of the benchmark formulas (a
// sample; GOSPIN_SVG_SWEEP=1: all), negated as the file says.
func TestLTLSVG(t *testing.T) {
	code, out, errs := gospin("ltl", "-svg", "-f", "!([]<>p)", "-f", "[](a -> <>b)")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	root := parseSVG(t, "two formulas", out)
	checkGraphSVG(t, "two formulas", root)
	cl := root.Class("cluster")
	if len(cl) != 2 || cl[0].Attrs["data-name"] != "!([]<>p)" {
		t.Fatalf("clusters %v", cl)
	}
	if len(root.Class("accept")) == 0 || len(root.Class("init")) != 4 {
		t.Errorf("%d accepting states, %d initial marks (dot and arrow, per formula)", len(root.Class("accept")), len(root.Class("init")))
	}
	for _, file := range []string{"formulas.txt", "random.txt"} {
		f, err := os.Open(filepath.Join("..", "..", "..", "shared", "ltl", file))
		if err != nil {
			t.Logf("no ../shared/ltl/%s: skipped", file)
			continue
		}
		var fs []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
				fs = append(fs, l)
			}
		}
		f.Close()
		n := 0
		for i, formula := range fs {
			if !sweepSVG && i%25 != 0 {
				continue
			}
			neg := "!(" + formula + ")"
			code, out, errs := gospin("ltl", "-svg", "-f", neg)
			if code != exitOK {
				t.Errorf("%s: exit %d\n%s", neg, code, errs)
				continue
			}
			root := parseSVG(t, neg, out)
			checkGraphSVG(t, neg, root)
			if len(root.Class("node")) < 2 {
				t.Errorf("%s: no states drawn", neg)
			}
			n++
		}
		t.Logf("%s: %d formulas drawn (GOSPIN_SVG_SWEEP=1: all %d)", file, n, len(fs))
	}
}
