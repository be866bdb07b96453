//go:build !js && !wasip1

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gospin/gospin/internal/browsertest"
)

// TestBrowserPlayground builds the playground with playground/build.sh,
// serves its static files with net/http/httptest, and in headless
// Chromium verifies the first example (the arbiter: an assertion
// violation, found by gospin compiled to WebAssembly), opens the error's
// chart, then verifies Peterson's algorithm (no error), then stops a
// long search from the page. The build takes a
// minute or two with a cold Go build cache, so the test runs only with
// GOSPIN_BROWSER_WASM=1; GOSPIN_SCREENSHOTS=DIR keeps screenshots.
func TestBrowserPlayground(t *testing.T) {
	if os.Getenv("GOSPIN_BROWSER_WASM") != "1" {
		t.Skip("playground browser test skipped: set GOSPIN_BROWSER_WASM=1 to build the WebAssembly playground and run it in Chromium")
	}
	ctx := browsertest.Start(t, 5*time.Minute)
	start := time.Now()
	dir := t.TempDir()
	build := exec.Command("sh", "../../playground/build.sh", dir)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("playground/build.sh: %v\n%s", err, out)
	}
	for _, f := range []string{"index.html", "app.js", "style.css", "worker.js", "wasm_exec.js", "gospin.wasm"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("the playground lacks %s", f)
		}
	}
	built := time.Since(start)
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()

	if err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(`body[data-ready="wasm"]`),
		chromedp.Poll[chromedp.Void](`document.getElementById('status').textContent.includes('model ok')`),
		chromedp.Click(`#tabs button[data-tab="ver"]`),
		chromedp.Click(`#verify`),
		chromedp.WaitVisible(`#errors li button.showmsc`),
	); err != nil {
		t.Fatalf("verifying the example in the playground: %v", err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(`#errors li`))
	if err != nil || !strings.Contains(text, "assertion violated (inside==1)") {
		t.Fatalf("the playground's error list: %q (%v)", text, err)
	}
	mode, _ := chromedp.Run(ctx, chromedp.Text(`#mode`))
	if !strings.Contains(mode, "WebAssembly") {
		t.Errorf("the page says %q: not the playground", mode)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(`#errors li button.showmsc`),
		chromedp.Poll[chromedp.Void](`(() => { const r = document.querySelector('#msc').shadowRoot; return r && r.querySelector('g.error'); })()`),
	); err != nil {
		t.Fatalf("opening the error's chart: %v", err)
	}
	lanes, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelector('#msc').shadowRoot.querySelectorAll('g.lifeline .head-text')].map(t => t.textContent)`))
	if err != nil || strings.Join(lanes, " ") != "client:0 client:1 arbiter:2" {
		t.Errorf("lifelines %q (%v)", lanes, err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelector('#msc').shadowRoot.querySelectorAll('g.msg').length`))
	if err != nil || n != 4 {
		t.Errorf("%d messages in the chart (%v), want 4", n, err)
	}
	browsertest.Screenshot(t, ctx, "playground-msc")
	// Peterson's algorithm: its ltl property mutex holds
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('sample'); s.value = [...s.options].find(o => o.text.includes('peterson')).value; s.dispatchEvent(new Event('change')); })()`),
		chromedp.Poll[chromedp.Void](`document.getElementById('name').value === 'peterson.pml' && document.getElementById('prop').value === 'mutex'`),
		chromedp.Click(`#tabs button[data-tab="ver"]`),
		chromedp.Click(`#verify`),
		chromedp.WaitVisible(`#verdict .v`),
	)
	verdict := ""
	if err == nil {
		verdict, err = chromedp.Run(ctx, chromedp.Text(`#verdict .v`))
	}
	if err != nil || !strings.Contains(verdict, "no errors") || !strings.Contains(verdict, "mutex") {
		t.Errorf("peterson in the playground: %q (%v)", verdict, err)
	}
	browsertest.Screenshot(t, ctx, "playground-peterson")
	// a search of 16 million states, stopped from the page: the search
	// yields to the browser at each progress report (every 2 s)
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('src'); s.value = 'byte a, b, c;\nactive proctype p() { do :: a++ :: b++ :: c++ :: assert(a + b + c < 1000) od }\n'; s.dispatchEvent(new Event('input')); document.getElementById('noreduce').checked = true; })()`),
		chromedp.Click(`#verify`),
		chromedp.Poll[chromedp.Void](`document.getElementById('progress').textContent.includes('states/s')`),
		chromedp.Click(`#stop`),
		chromedp.WaitVisible(`#verdict .v`),
	)
	stopped := ""
	if err == nil {
		stopped, err = chromedp.Run(ctx, chromedp.Text(`#verdict .v`))
	}
	if err != nil || !strings.Contains(stopped, "not complete (stopped)") {
		t.Errorf("a search stopped in the playground: %q (%v)", stopped, err)
	}
	browsertest.Screenshot(t, ctx, "playground-stopped")
	t.Logf("playground: built in %.1f s, verified in Chromium in %.1f s", built.Seconds(), (time.Since(start) - built).Seconds())
}
