//go:build !js && !wasip1

package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser finds Chromium: $GOSPIN_CHROMIUM, else chromium,
// chromium-browser, google-chrome on the PATH ("" if none).
func Browser() string {
	if p := os.Getenv("GOSPIN_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Start returns a tab of a new headless Chromium (a 1440x900 window) that
// ends with the test, and a deadline of limit for the whole test; it
// skips the test under -short or without Chromium.
func Start(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped with -short")
	}
	exe := Browser()
	if exe == "" {
		t.Skip("browser test skipped: no Chromium installed (scripts/install-chromium.sh installs it)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(1440, 900),
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")),
	)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	tctx, tcancel := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	t.Cleanup(func() { tcancel(); acancel(); cancel() })
	return tctx
}

// Screenshot saves the page as a PNG in $GOSPIN_SCREENSHOTS (nothing
// when it is not set), for a person to look at.
func Screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("GOSPIN_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Error(err)
	}
}
