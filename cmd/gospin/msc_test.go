package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gospin/gospin/internal/svgdoc"
)

var updateMSC = flag.Bool("update-msc-golden", false, "rewrite testdata/msc/*.svg")

// mscCase is a model whose error trail gospin run -t -msc draws, with what
// the chart must show.
type mscCase struct {
	golden string   // testdata/msc/GOLDEN.svg
	model  string   // the model: testdata/msc/NAME.pml, or corpus:NAME
	verify []string // verify's options
	run    []string // run's options
	lanes  []string // the lifelines' heads, in order
	// msgs: the messages, each "FROM -> TO: LABEL" (lane heads), with
	// their kind: rendezvous, buffered or pending (TO is "-" then)
	rendezvous, buffered, pending []string
	created                       []string // lanes created by another process
	died                          []string // lanes that end with a cross
	cycle                         bool     // an acceptance cycle is marked
	errText                       string   // the error box says this
	blocked                       []string // lanes marked blocked at the end (an invalid end state)
	prints                        []string // printf notes
}

var mscCases = []mscCase{
	{golden: "handshake", model: "testdata/msc/handshake.pml",
		lanes:   []string{":init::0", "Server:1", "Client:2"},
		created: []string{"Server:1", "Client:2"},
		rendezvous: []string{
			"Client:2 -> Server:1: toServer!req,0", "Server:1 -> Client:2: toClient!ack,0",
			"Client:2 -> Server:1: toServer!req,1", "Server:1 -> Client:2: toClient!ack,1",
			"Client:2 -> Server:1: toServer!req,2", "Server:1 -> Client:2: toClient!nak,2",
		},
		prints:  []string{"reply ack to 0", "reply ack to 1", "reply nak to 2"},
		errText: "assertion violated: assert((r==ack))"},
	{golden: "buffered", model: "testdata/msc/buffered.pml",
		lanes:    []string{"Producer:0", "Consumer:1"},
		buffered: []string{"Producer:0 -> Consumer:1: q!0", "Producer:0 -> Consumer:1: q!1"},
		pending:  []string{"Producer:0 -> -: q!2", "Producer:0 -> -: q!3"},
		died:     []string{"Consumer:1"},
		blocked:  []string{"Producer:0"},
		prints:   []string{"got 0", "got 1"}},
	{golden: "cycle", model: "testdata/msc/cycle.pml", cycle: true,
		lanes:      []string{"Pinger:0", "Ponger:1"},
		buffered:   []string{"Pinger:0 -> Ponger:1: ping!0", "Pinger:0 -> Ponger:1: ping!1", "Pinger:0 -> Ponger:1: ping!0"},
		rendezvous: []string{"Ponger:1 -> Pinger:0: pong!0", "Ponger:1 -> Pinger:0: pong!1"}},
	// three corpus models whose errors involve channels: a rendezvous
	// protocol (dining philosophers with fork processes, an invalid end
	// state), a buffered protocol (an assertion on a received value)
	// and an acceptance cycle (the train gate controller, property c2)
	{golden: "corpus_gomela_protocol", model: "corpus:gomela_protocol",
		lanes:   []string{":init::0", "philo:1", "philo:2", "philo:3", "aFork:4", "aFork:5", "aFork:6"},
		created: []string{"philo:1", "philo:2", "philo:3", "aFork:4", "aFork:5", "aFork:6"},
		rendezvous: []string{
			"aFork:4 -> philo:2: c1!1", "aFork:5 -> philo:3: c1!1", "aFork:6 -> philo:3: c1!1",
			"philo:3 -> aFork:5: left!1", "aFork:5 -> philo:1: c1!1", "philo:3 -> aFork:6: right!1",
			"aFork:6 -> philo:3: c1!1",
		},
		blocked: []string{"philo:1", "philo:2", "philo:3", "aFork:4", "aFork:5", "aFork:6"},
		prints:  []string{"Eat"}},
	{golden: "corpus_sumo_channels", model: "corpus:sumo_channels",
		lanes:    []string{"Sender:0", "Receiver:1"},
		buffered: []string{"Sender:0 -> Receiver:1: ch!1", "Sender:0 -> Receiver:1: ch!1", "Sender:0 -> Receiver:1: ch!2"},
		pending:  []string{"Sender:0 -> -: ch!1"},
		errText:  "assertion violated: assert((msg==1))"},
	{golden: "corpus_train_c2", model: "corpus:train", verify: []string{"-a", "-N", "c2"}, run: []string{"-N", "c2"}, cycle: true,
		lanes: []string{"train:0", "train:1", "train:2", "train:3", "gate:4", "queue:5"},
		rendezvous: []string{
			"queue:5 -> gate:4: qg!Empty,0", "gate:4 -> queue:5: q!add,3", "gate:4 -> train:3: t[who]!go", "gate:4 -> queue:5: q!rem,3",
			"queue:5 -> gate:4: qg!Empty,0", "gate:4 -> queue:5: q!add,3", "gate:4 -> train:3: t[who]!go", "gate:4 -> queue:5: q!rem,3",
		},
		buffered: []string{
			"train:3 -> gate:4: g!appr,3", "queue:5 -> queue:5: list!3", "train:3 -> gate:4: g!leave,3",
			"train:3 -> gate:4: g!appr,3", "queue:5 -> queue:5: list!3", "train:3 -> gate:4: g!leave,3",
		}},
}

const corpusModels = "../../../shared/corpus/models"

// TestMSCGolden replays the error trail of each model with -msc, compares
// the SVG with its golden file, and reads the chart back (encoding/xml) to
// check its lifelines, messages, labels and marks. The corpus models are
// skipped, with a message, where ../shared/corpus is absent; the models
// of testdata/msc always run.
func TestMSCGolden(t *testing.T) {
	for _, c := range mscCases {
		t.Run(c.golden, func(t *testing.T) {
			var path string
			if name, ok := strings.CutPrefix(c.model, "corpus:"); ok {
				src := filepath.Join(corpusModels, name+".pml")
				if _, err := os.Stat(src); err != nil {
					t.Skipf("no corpus model %s (../shared/corpus is absent): skipped", src)
				}
				path = copyModel(t, filepath.Join("..", "shared", "corpus", "models", name+".pml"))
			} else {
				path = copyModel(t, filepath.Join("cmd", "gospin", c.model))
			}
			if code, out, errs := gospin(append(append([]string{"verify", "-noprogress", "-j", "1"}, c.verify...), path)...); code != exitFound {
				t.Fatalf("verify: exit %d, want an error\n%s%s", code, out, errs)
			}
			svg := filepath.Join(filepath.Dir(path), "chart.svg")
			args := append(append([]string{"run", "-t", "-q", "-msc", svg}, c.run...), path)
			if code, out, errs := gospin(args...); code != exitFound {
				t.Fatalf("run: exit %d, want %d\n%s%s", code, exitFound, out, errs)
			}
			got, err := os.ReadFile(svg)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "msc", c.golden+".svg")
			if *updateMSC {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -run MSCGolden -update-msc-golden writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the chart differs from %s (go test -run MSCGolden -update-msc-golden rewrites it; look at both first)", golden)
			}
			checkMSC(t, got, &c)
		})
	}
}

// checkMSC reads an MSC back and checks it shows what c says.
func checkMSC(t *testing.T, svg []byte, c *mscCase) {
	t.Helper()
	root, err := svgdoc.Parse(bytes.NewReader(svg))
	if err != nil {
		t.Fatalf("the SVG does not parse: %v", err)
	}
	if root.Name != "svg" || root.Attrs["width"] == "" || root.Attrs["viewBox"] == "" {
		t.Fatalf("root element %s %v, want an svg with a size", root.Name, root.Attrs)
	}
	// lifelines: one per process, headed name:pid, with a line
	var heads, blocked []string
	lanes := map[string]string{} // lane index -> head
	laneNodes := map[string]*svgdoc.Node{}
	for _, g := range root.Class("lifeline") {
		var texts []string
		for _, h := range g.All(func(n *svgdoc.Node) bool { return n.HasClass("head-text") }) {
			texts = append(texts, h.Text)
		}
		lines := g.All(func(n *svgdoc.Node) bool { return n.Name == "line" && n.HasClass("life") })
		if len(texts) != 1 || len(lines) != 1 {
			t.Fatalf("lifeline %v: heads %q, %d lines; want a head and a line", g.Attrs, texts, len(lines))
		}
		for _, f := range g.All(func(n *svgdoc.Node) bool { return n.HasClass("blocked") }) {
			if !strings.HasPrefix(f.Text, "✗ blocked at line ") {
				t.Errorf("lifeline %s: blocked mark %q", texts[0], f.Text)
			}
			blocked = append(blocked, texts[0])
		}
		if want := g.Attrs["data-name"] + ":" + g.Attrs["data-pid"]; texts[0] != want {
			t.Errorf("lifeline head %q, its data says %q", texts[0], want)
		}
		heads = append(heads, texts[0])
		idx := strings.TrimPrefix(g.Attrs["id"], "lane-")
		lanes[idx] = texts[0]
		laneNodes[texts[0]] = g
	}
	if fmt.Sprint(heads) != fmt.Sprint(c.lanes) {
		t.Errorf("lifelines %q, want %q", heads, c.lanes)
	}
	if fmt.Sprint(blocked) != fmt.Sprint(c.blocked) {
		t.Errorf("blocked at the end: %q, want %q", blocked, c.blocked)
	}
	lane := func(i string) string {
		if h, ok := lanes[i]; ok {
			return h
		}
		return "-"
	}
	// messages, in the order of their sends
	kinds := map[string][]string{}
	for _, g := range root.Class("msg") {
		texts := g.Texts()
		arrows := g.All(func(n *svgdoc.Node) bool {
			return (n.Name == "line" || n.Name == "path") && strings.HasPrefix(n.Attrs["marker-end"], "url(#a-")
		})
		if len(texts) == 0 || len(arrows) == 0 {
			t.Errorf("message %v: texts %q, %d arrows; want a label and an arrow", g.Attrs, texts, len(arrows))
			continue
		}
		kind := strings.TrimSpace(strings.TrimPrefix(g.Attrs["class"], "msg"))
		label := texts[0]
		switch kind {
		case "rendezvous":
			label, _, _ = strings.Cut(label, " ⇄ ")
		case "pending":
			label = strings.TrimSuffix(texts[len(texts)-1], " (still queued)")
		}
		kinds[kind] = append(kinds[kind], fmt.Sprintf("%s -> %s: %s", lane(g.Attrs["data-from"]), lane(g.Attrs["data-to"]), label))
	}
	for kind, want := range map[string][]string{"rendezvous": c.rendezvous, "buffered": c.buffered, "pending": c.pending} {
		if fmt.Sprint(kinds[kind]) != fmt.Sprint(want) {
			t.Errorf("%s messages:\n  %q\nwant\n  %q", kind, kinds[kind], want)
		}
	}
	// processes created by others: a dashed arrow from the creator
	var created []string
	for _, g := range root.Class("create") {
		created = append(created, lane(g.Attrs["data-to"]))
	}
	if fmt.Sprint(created) != fmt.Sprint(c.created) {
		t.Errorf("created lanes %q, want %q", created, c.created)
	}
	var died []string
	for _, h := range heads {
		if len(laneNodes[h].All(func(n *svgdoc.Node) bool { return n.HasClass("cross") })) == 2 {
			died = append(died, h)
		}
	}
	if fmt.Sprint(died) != fmt.Sprint(c.died) {
		t.Errorf("lanes ended by a cross %q, want %q", died, c.died)
	}
	if got := len(root.Class("cycle")); (got == 1) != c.cycle || got > 1 {
		t.Errorf("%d acceptance-cycle marks, want cycle=%v", got, c.cycle)
	}
	var errs []string
	for _, g := range root.Class("error") {
		errs = append(errs, strings.Join(g.Texts(), ""))
	}
	switch {
	case c.errText == "" && len(errs) > 0:
		t.Errorf("error notes %q, want none", errs)
	case c.errText != "" && (len(errs) != 1 || !strings.Contains(errs[0], c.errText)):
		t.Errorf("error notes %q, want one saying %q", errs, c.errText)
	}
	var prints []string
	for _, g := range root.Class("print") {
		prints = append(prints, strings.Join(g.Texts(), ""))
	}
	if fmt.Sprint(prints) != fmt.Sprint(c.prints) {
		t.Errorf("printf notes %q, want %q", prints, c.prints)
	}
	// every row has its step number in the margin
	rows := root.Class("row")
	if len(rows) == 0 {
		t.Fatal("no rows")
	}
	for _, r := range rows {
		if len(r.All(func(n *svgdoc.Node) bool { return n.HasClass("stepno") })) > 1 {
			t.Errorf("row %v has several step numbers", r.Attrs)
		}
	}
}

// TestMSCLongRun: a random simulation of 1,000 steps gives a chart that
// parses, has a row per step (the model has no runs of local steps to
// collapse), repeats the lifeline heads down the chart, and an HTML page
// with the same rows; an interactive run draws its chart too.
func TestMSCLongRun(t *testing.T) {
	path := copyModel(t, "cmd/gospin/testdata/msc/cycle.pml")
	dir := filepath.Dir(path)
	svg, page := filepath.Join(dir, "long.svg"), filepath.Join(dir, "long.html")
	for _, f := range []string{svg, page} {
		if code, _, errs := gospin("run", "-q", "-u", "1000", "-seed", "7", "-msc", f, path); code != exitOK {
			t.Fatalf("run -msc %s: exit %d\n%s", f, code, errs)
		}
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	root, err := svgdoc.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rows := root.Class("row")
	if len(rows) < 900 || len(rows) > 1000 {
		t.Errorf("%d rows for 1000 steps", len(rows))
	}
	if last := rows[len(rows)-1].Attrs["data-step"]; last != "1000" {
		t.Errorf("last row is step %s, want 1000", last)
	}
	if n := len(root.Class("head-repeat")); n < 2*20 {
		t.Errorf("%d repeated heads, want the two heads every 40 rows", n)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(html), `class="row" id="row-`); got != len(rows) {
		t.Errorf("the page has %d rows, the SVG %d", got, len(rows))
	}

	old := stdin
	stdin = strings.NewReader("1\n1\n1\nq\n")
	defer func() { stdin = old }()
	isvg := filepath.Join(dir, "interactive.svg")
	if code, out, errs := gospin("run", "-i", "-msc", isvg, path); code != exitOK {
		t.Fatalf("run -i: exit %d\n%s%s", code, out, errs)
	}
	data, err = os.ReadFile(isvg)
	if err != nil {
		t.Fatal(err)
	}
	root, err = svgdoc.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(root.Class("row")); n != 3 {
		t.Errorf("interactive chart has %d rows, want the 3 steps chosen", n)
	}
	if !strings.Contains(root.Attrs["class"]+strings.Join(root.Class("title")[0].Texts(), ""), "interactive simulation") {
		t.Error("the interactive chart is not titled so")
	}
}

// TestMSCInsideSteps: sends and receives inside d_step and atomic
// sequences (one step of the simulator) are drawn from send to receive.
func TestMSCInsideSteps(t *testing.T) {
	path := copyModel(t, "cmd/gospin/testdata/msc/dstep.pml")
	svg := filepath.Join(filepath.Dir(path), "chart.svg")
	if code, _, errs := gospin("run", "-q", "-msc", svg, path); code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	root, err := svgdoc.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range root.Class("msg") {
		got = append(got, fmt.Sprintf("%s %s->%s rows %s-%s %q", g.Attrs["class"], g.Attrs["data-from"], g.Attrs["data-to"], g.Attrs["data-send-row"], g.Attrs["data-recv-row"], g.Texts()))
	}
	want := []string{
		`msg buffered 0->1 rows 0-3 ["q!1" "q?1"]`,
		`msg buffered 0->1 rows 1-6 ["q!2" "q?2"]`,
		`msg buffered 0->1 rows 4-6 ["q!3" "q?3"]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("messages:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
