//go:build !js && !wasip1

package ui

import (
	"bufio"
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gospin/gospin/internal/browsertest"
)

// chartFacts is what the page's chart shows, read from its DOM.
type chartFacts struct {
	Lanes []struct {
		Label string  `json:"label"`
		X     float64 `json:"x"`
	} `json:"lanes"`
	Msgs []struct {
		Kind   string  `json:"kind"`
		From   int     `json:"from"`
		To     int     `json:"to"`
		Label  string  `json:"label"`
		X1     float64 `json:"x1"`
		X2     float64 `json:"x2"`
		Arrows int     `json:"arrows"`
	} `json:"msgs"`
	Error string            `json:"error"`
	Vars  map[string]string `json:"vars"`
	Step  string            `json:"step"`
}

const readChart = `(() => {
  const r = document.querySelector('#msc').shadowRoot;
  const lanes = [...r.querySelectorAll('g.lifeline')].map(g => ({label: g.querySelector('.head-text').textContent, x: +g.querySelector('line.life').getAttribute('x1')}));
  const msgs = [...r.querySelectorAll('g.msg')].map(g => {
    const ls = [...g.querySelectorAll('line')];
    return {kind: g.classList.contains('rendezvous') ? 'rendezvous' : g.classList.contains('buffered') ? 'buffered' : 'other',
      from: +g.dataset.from, to: +g.dataset.to, label: (g.querySelector('.msg-text') || {}).textContent || '',
      x1: ls.length ? +ls[0].getAttribute('x1') : -1, x2: ls.length ? +ls[ls.length - 1].getAttribute('x2') : -1,
      arrows: ls.filter(l => l.getAttribute('marker-end')).length};
  });
  const vars = {};
  document.querySelectorAll('#vars tr').forEach(tr => { vars[tr.cells[0].textContent] = tr.cells[1].textContent; });
  return {lanes, msgs, error: (r.querySelector('g.error') || {}).textContent || '', vars, step: document.getElementById('stephead').textContent};
})()`

// TestBrowserUI starts gospin ui on the arbiter (an assertion violation),
// verifies it from the page in headless Chromium, opens the error's
// message sequence chart and checks its lifelines and arrows in the DOM.
// GOSPIN_SCREENSHOTS=DIR keeps screenshots of the page.
func TestBrowserUI(t *testing.T) {
	ctx := browsertest.Start(t, 90*time.Second)
	start := time.Now()
	// gospin itself: go build is quick with the build cache warm
	bin := filepath.Join(t.TempDir(), "gospin")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/gospin").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	built := time.Since(start)
	cmd := exec.Command(bin, "ui", "-addr", "127.0.0.1:0", "samples/arbiter.pml")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.Contains(line, "http://") {
		t.Fatalf("gospin ui printed no URL: %q %v", line, err)
	}
	// gospin ui: serving on http://127.0.0.1:PORT/ (Ctrl-C stops)
	url := strings.Fields(line[strings.Index(line, "http://"):])[0]

	var errText string
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(`body[data-ready="server"]`),
		chromedp.Poll[chromedp.Void](`document.getElementById('status').textContent.includes('model ok')`),
		chromedp.Click(`#tabs button[data-tab="ver"]`),
		chromedp.Click(`#verify`),
		chromedp.WaitVisible(`#errors li button.showmsc`),
	); err != nil {
		t.Fatalf("verifying from the page: %v", err)
	}
	errText, err = chromedp.Run(ctx, chromedp.Text(`#errors li`))
	if err != nil || !strings.Contains(errText, "assertion violated (inside==1)") {
		t.Fatalf("the page's error list: %q (%v)", errText, err)
	}
	browsertest.Screenshot(t, ctx, "ui-verify")
	if err := chromedp.Do(ctx,
		chromedp.Click(`#errors li button.showmsc`),
		chromedp.Poll[chromedp.Void](`(() => { const r = document.querySelector('#msc').shadowRoot; return r && r.querySelector('g.error'); })()`),
	); err != nil {
		t.Fatalf("opening the error's chart: %v", err)
	}
	c, err := chromedp.Run(ctx, chromedp.Evaluate[chartFacts](readChart))
	if err != nil {
		t.Fatal(err)
	}
	browsertest.Screenshot(t, ctx, "ui-msc")
	var labels []string
	for _, l := range c.Lanes {
		labels = append(labels, l.Label)
	}
	if strings.Join(labels, " ") != "client:0 client:1 arbiter:2" {
		t.Fatalf("lifelines %q, want client:0 client:1 arbiter:2", labels)
	}
	// two requests into the buffered channel, from each client to the
	// arbiter; two grants by rendezvous, from the arbiter to each client;
	// each arrow drawn from its sender's lifeline to its receiver's
	kinds := map[string]int{}
	for _, m := range c.Msgs {
		kinds[m.Kind]++
		switch m.Kind {
		case "buffered":
			if m.To != 2 || m.From > 1 || !strings.HasPrefix(m.Label, "server!request,") || m.Arrows != 1 {
				t.Errorf("buffered message %+v: want server!request from a client to the arbiter, with an arrowhead", m)
			}
		case "rendezvous":
			if m.From != 2 || m.To > 1 || !strings.HasPrefix(m.Label, "reply[who]!grant") || m.Arrows != 1 {
				t.Errorf("rendezvous %+v: want reply[who]!grant from the arbiter to a client, with an arrowhead", m)
			}
		}
		if m.From >= 0 && m.To >= 0 && m.From < len(c.Lanes) && m.To < len(c.Lanes) {
			if math.Abs(m.X1-c.Lanes[m.From].X) > 0.5 || math.Abs(m.X2-c.Lanes[m.To].X) > 5 {
				t.Errorf("message %+v: drawn from x=%v to x=%v, its lifelines are at %v and %v", m, m.X1, m.X2, c.Lanes[m.From].X, c.Lanes[m.To].X)
			}
		}
	}
	if kinds["buffered"] != 2 || kinds["rendezvous"] != 2 || len(c.Msgs) != 4 {
		t.Errorf("messages %v, want 2 buffered and 2 rendezvous", kinds)
	}
	if !strings.Contains(c.Error, "assertion violated") {
		t.Errorf("the chart's error box says %q", c.Error)
	}
	// the last step is selected: the variables after it
	if c.Vars["inside"] != "2" || !strings.HasPrefix(c.Step, "step ") {
		t.Errorf("side panel at %q: inside = %q, want 2", c.Step, c.Vars["inside"])
	}
	t.Logf("gospin built in %.1f s; in Chromium: verified, chart checked in %.2f s", built.Seconds(), (time.Since(start) - built).Seconds())
}
