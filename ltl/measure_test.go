package ltl

import (
	"os"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestMeasureWork prints the work (see DefaultMaxWork) of every benchmark
// formula and of growing conjunctions of []<>pi; opt-in:
// GOSPIN_LTL_MEASURE=1 go test ./ltl -run MeasureWork -v
func TestMeasureWork(t *testing.T) {
	if os.Getenv("GOSPIN_LTL_MEASURE") == "" {
		t.Skip("set GOSPIN_LTL_MEASURE=1 to measure")
	}
	type row struct {
		id   string
		work int
		dur  time.Duration
	}
	var rows []row
	for _, b := range loadBench(t) {
		for neg := 0; neg < 2; neg++ {
			f := b.f
			if neg == 1 {
				f = Not(f)
			}
			peak := 0
			t0 := time.Now()
			if _, err := TryTranslate(f, Options{MaxWork: -1, peak: &peak}); err != nil {
				t.Errorf("%s: %v", b.id, err)
			}
			rows = append(rows, row{b.id + [2]string{"", "!"}[neg], peak, time.Since(t0)})
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].work > rows[j].work })
	for _, r := range rows[:20] {
		t.Logf("%-22s work %8d  %v", r.id, r.work, r.dur)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].dur > rows[j].dur })
	for _, r := range rows[:10] {
		t.Logf("slowest %-22s work %8d  %v", r.id, r.work, r.dur)
	}
	for _, fam := range []string{"[]<>p%d", "<>[]p%d", "p%d U"} {
		for n := 2; n <= 30; n += 1 + n/12 {
			var parts []string
			for i := 0; i < n; i++ {
				parts = append(parts, strings.ReplaceAll(fam, "%d", itoa(i)))
			}
			src := strings.Join(parts, " && ")
			if fam == "p%d U" {
				src = strings.Join(parts, " ") + " q"
			}
			f, _, err := Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			peak := 0
			var ms runtime.MemStats
			runtime.GC()
			t0 := time.Now()
			a, err := TryTranslate(f, Options{MaxWork: 50_000_000, peak: &peak})
			d := time.Since(t0)
			runtime.ReadMemStats(&ms)
			st := -1
			if a != nil {
				st = len(a.States)
			}
			t.Logf("%s n=%d states %d work %d time %v heap-total %dMB err %v", fam, n, st, peak, d, ms.TotalAlloc>>20, err)
			if d > 20*time.Second || err != nil {
				break
			}
		}
	}
}
