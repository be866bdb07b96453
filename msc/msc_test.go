package msc

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gospin/gospin/internal/svgdoc"
	"github.com/gospin/gospin/simulate"
)

// run feeds a made-up run to a Builder: two processes, a buffered
// channel with two messages received in the other order (a random
// receive), a rendezvous, a process created and ended, printf output and
// a cycle.
func run() *Trace {
	b := NewBuilder("made up")
	ev := func(e simulate.Event) {
		if e.Pid2 == 0 && e.Kind != simulate.EvStep {
			e.Pid2 = -1
		}
		b.Observe(&e)
	}
	step := func(n, pid int, text string) simulate.Event {
		return simulate.Event{Kind: simulate.EvStep, Step: n, Pid: pid, By: -1, Pid2: -1, Text: text, Line: n,
			Vars: []simulate.Var{{Name: "x", Value: string(rune('0' + n%10))}}}
	}
	ev(simulate.Event{Kind: simulate.EvCreate, Pid: 0, Name: "A", By: -1})
	ev(simulate.Event{Kind: simulate.EvCreate, Pid: 1, Name: "B", By: -1})
	ev(simulate.Event{Kind: simulate.EvInit, Pid: -1, Vars: []simulate.Var{{Name: "x", Value: "0"}}})
	s := step(1, 0, "q!1")
	s.Op, s.Chan, s.ChanName, s.Cap, s.Msg = simulate.OpSend, 1, "q", 2, []string{"1"}
	ev(s)
	s = step(2, 0, "q!2")
	s.Op, s.Chan, s.ChanName, s.Cap, s.Msg = simulate.OpSend, 1, "q", 2, []string{"2"}
	ev(s)
	s = step(3, 1, "q??2")
	s.Op, s.Chan, s.ChanName, s.Cap, s.Msg = simulate.OpRecv, 1, "q", 2, []string{"2"}
	ev(s)
	ev(simulate.Event{Kind: simulate.EvCycle, Step: 3, Pid: -1})
	ev(simulate.Event{Kind: simulate.EvCreate, Step: 4, Pid: 2, Name: "C", By: 1})
	ev(step(4, 1, "run C()"))
	s = step(5, 2, "r!7")
	s.Op, s.Chan, s.ChanName, s.Msg, s.Pid2, s.Name2, s.ChanName2 = simulate.OpSend, 2, "r", []string{"7"}, 0, "A", "in"
	ev(s)
	s = step(6, 2, `printf("hi\n")`)
	s.Output = "hi\n"
	ev(s)
	for n := 7; n < 12; n++ {
		ev(step(n, 0, "x++"))
	}
	ev(simulate.Event{Kind: simulate.EvDie, Step: 11, Pid: 2, Name: "C"})
	s = step(12, 1, "assert(x < 10)")
	s.Violation = "assertion violated: assert(x<10)"
	ev(s)
	ev(simulate.Event{Kind: simulate.EvEnd, Step: 12, Pid: -1, Text: "violation"})
	return b.Trace()
}

func TestBuilder(t *testing.T) {
	tr := run()
	if len(tr.Lanes) != 3 || tr.Lanes[2].Start != 4 || tr.Lanes[2].Creator != 1 || tr.Lanes[2].End < 0 {
		t.Fatalf("lanes %+v", tr.Lanes)
	}
	if len(tr.Messages) != 3 {
		t.Fatalf("messages %+v", tr.Messages)
	}
	// the random receive took the second message, which goes from row 1
	// to row 2; the first stays in the channel
	if m := tr.Messages[1]; m.SendRow != 1 || m.RecvRow != 2 || m.RecvLabel != "q?2" || m.To != 1 {
		t.Errorf("received message %+v", m)
	}
	if m := tr.Messages[0]; m.RecvRow != -1 || m.To != -1 {
		t.Errorf("queued message %+v", m)
	}
	if m := tr.Messages[2]; !m.Rendezvous || m.From != 2 || m.To != 0 || m.Label != "r!7" || m.RecvLabel != "in?7" {
		t.Errorf("rendezvous %+v", m)
	}
	if tr.CycleRow != 3 || tr.Rows[3].Kind != RowCycle {
		t.Errorf("cycle row %d", tr.CycleRow)
	}
	// variables: only the changes per row
	if v := tr.Rows[0].Vars; len(v) != 1 || v[0] != (simulate.Var{Name: "x", Value: "1"}) {
		t.Errorf("row 0 vars %v", v)
	}
}

func TestCollapse(t *testing.T) {
	tr := run()
	c := Collapse(tr, 3)
	if len(c.Rows) != len(tr.Rows)-4 {
		t.Fatalf("%d rows after collapsing, want %d", len(c.Rows), len(tr.Rows)-4)
	}
	var fold *Row
	for i := range c.Rows {
		if c.Rows[i].Kind == RowCollapsed {
			if fold != nil {
				t.Fatal("two collapsed rows")
			}
			fold = &c.Rows[i]
		}
	}
	if fold == nil || fold.Count != 5 || fold.FirstStep != 7 || fold.Step != 11 || fold.Counts[0] != 5 || len(fold.Sub) != 5 {
		t.Fatalf("collapsed row %+v", fold)
	}
	// what refers to rows still finds them
	if c.Rows[c.Lanes[2].End].Kind != RowDie || c.Rows[c.CycleRow].Kind != RowCycle {
		t.Errorf("lane end or cycle row lost: %+v", c.Lanes[2])
	}
	if m := c.Messages[2]; c.Rows[m.SendRow].Kind != RowHandshake {
		t.Errorf("message row lost")
	}
	if n := len(Collapse(tr, 6).Rows); n != len(tr.Rows) {
		t.Errorf("runs shorter than 6 collapsed: %d rows", n)
	}
}

func TestSVG(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSVG(&buf, run(), Options{Collapse: CollapseNever}); err != nil {
		t.Fatal(err)
	}
	root, err := svgdoc.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(root.Class("lifeline")); n != 3 {
		t.Errorf("%d lifelines", n)
	}
	for class, n := range map[string]int{"rendezvous": 1, "buffered": 1, "pending": 1, "cycle": 1, "cycle-back": 1, "print": 1, "error": 1, "create": 1, "die": 1, "local": 7, "row": 14} {
		if got := len(root.Class(class)); got != n {
			t.Errorf("%d elements of class %s, want %d", got, class, n)
		}
	}
	if txt := strings.Join(root.Class("rendezvous")[0].Texts(), "|"); txt != "r!7 ⇄ in?7" {
		t.Errorf("rendezvous label %q", txt)
	}
	// the arrows end on the lifelines they join
	lx := map[string]string{}
	for _, l := range root.Class("lifeline") {
		for _, n := range l.All(func(n *svgdoc.Node) bool { return n.HasClass("life") }) {
			lx[strings.TrimPrefix(l.Attrs["id"], "lane-")] = n.Attrs["x1"]
		}
	}
	b := root.Class("buffered")[0]
	line := b.All(func(n *svgdoc.Node) bool { return n.Name == "line" })[0]
	if line.Attrs["x1"] != lx[b.Attrs["data-from"]] {
		t.Errorf("buffered arrow starts at x=%s, its lifeline is at %s", line.Attrs["x1"], lx[b.Attrs["data-from"]])
	}
}

func TestHTML(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteHTML(&buf, run(), Options{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, s := range []string{"<svg ", `<script type="application/json" id="data">`, "addEventListener('keydown'"} {
		if !strings.Contains(page, s) {
			t.Errorf("page lacks %q", s)
		}
	}
	if strings.Contains(page, "http://") && strings.Count(page, "http://") != strings.Count(page, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Error("the page refers to the network")
	}
	m := regexp.MustCompile(`(?s)id="data">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no data")
	}
	var data struct {
		Rows []htmlRow
		Init [][]string
	}
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Rows) != 14 || len(data.Init) != 1 || data.Rows[0].Set[0][1] != "1" || data.Rows[len(data.Rows)-1].Err == "" {
		t.Errorf("data %+v", data)
	}
	// the script is valid JavaScript, where node is installed
	node, err := exec.LookPath("node")
	if err != nil {
		t.Log("node not installed: the page's script is not checked")
		return
	}
	js := filepath.Join(t.TempDir(), "page.js")
	os.WriteFile(js, []byte(pageScript), 0o644)
	if out, err := exec.Command(node, "--check", js).CombinedOutput(); err != nil {
		t.Errorf("node --check: %v\n%s", err, out)
	}
}

// TestHTMLInBrowser opens the page in headless Chromium, where installed,
// at a row given in the URL, and reads back the DOM the script built: the
// step's heading and the variables after it.
func TestHTMLInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	var browser string
	for _, b := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(b); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no Chromium installed: the page's script is not run in a browser")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "run.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(f, run(), Options{Collapse: CollapseNever}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	// row 5 is step 5, the rendezvous; x is 5 after it
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+page+"#row=5")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", browser, err)
	}
	dom := string(out)
	for _, want := range []string{`id="stephead">step 5 (rendezvous)</h3>`, `<tr class="chg"><td>x</td><td>5</td></tr>`, `class="row sel"`, "message r!7", "row 6 of 14"} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page's DOM lacks %q", want)
		}
	}
}
