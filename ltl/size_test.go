package ltl

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

type baseRow struct{ status, states, edges string }

// loadBaseline reads baseline.tsv: (set, id) -> tool -> row.
func loadBaseline(t testing.TB) map[[2]string]map[string]baseRow {
	fh, err := os.Open(filepath.Join(benchDir(), "baseline.tsv"))
	if err != nil {
		t.Skip("baseline.tsv not found")
	}
	defer fh.Close()
	out := map[[2]string]map[string]baseRow{}
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 6 {
			continue
		}
		k := [2]string{c[0], c[1]}
		if out[k] == nil {
			out[k] = map[string]baseRow{}
		}
		out[k][c[2]] = baseRow{c[3], c[4], c[5]}
	}
	return out
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// countAutomaton applies measure.py's counting rules: states reachable
// from the initial state through satisfiable edges, edges merged per
// (source, destination).
func countAutomaton(a *Automaton) (states, edges int) {
	seen := map[int]bool{a.Init: true}
	queue := []int{a.Init}
	for i := 0; i < len(queue); i++ {
		q := queue[i]
		dsts := map[int]bool{}
		for _, e := range a.States[q].Edges {
			if len(e.Guard) == 0 {
				continue
			}
			dsts[e.To] = true
			if !seen[e.To] {
				seen[e.To] = true
				queue = append(queue, e.To)
			}
		}
		edges += len(dsts)
	}
	return len(queue), edges
}

// TestSizeVsSpin checks that for every benchmark formula spin -f handled,
// our automaton for the negation has no more states than spin's.
func TestSizeVsSpin(t *testing.T) {
	bench := loadBench(t)
	base := loadBaseline(t)
	worse, compared := 0, 0
	for _, b := range bench {
		rows := base[[2]string{b.set, b.id}]
		best := -1
		for _, tool := range []string{"spin", "spin_nxt"} {
			if r, ok := rows[tool]; ok && r.status == "ok" {
				if n := atoi(r.states); best < 0 || n < best {
					best = n
				}
			}
		}
		if best < 0 {
			continue
		}
		compared++
		s, _ := countAutomaton(Translate(Not(b.f), Options{}))
		if s > best {
			worse++
			t.Errorf("%s %s: %d states, spin has %d", b.id, b.text, s, best)
		}
	}
	t.Logf("%d formulas compared with spin: %d with more states than spin", compared, worse)
}

// TestTotals computes the totals of states and edges over the formulas
// that every tool of baseline.tsv translated (measure.py's common subset)
// and logs them next to LTL3BA's and Spot's.
func TestTotals(t *testing.T) {
	bench := loadBench(t)
	base := loadBaseline(t)
	tools := []string{"ltl2ba", "ltl3ba", "lbt", "spot_ba", "spot_tgba"}
	var n, ours, ourE int
	var allS, allE, allN int
	tot := map[string][2]int{}
	var setS, setE [2]int
	start := time.Now()
	for _, b := range bench {
		a := Translate(Not(b.f), Options{})
		s, e := countAutomaton(a)
		allS += s
		allE += e
		allN++
		if b.set == "formulas" {
			setS[0] += s
			setE[0] += e
		} else {
			setS[1] += s
			setE[1] += e
		}
		rows := base[[2]string{b.set, b.id}]
		if os.Getenv("LTLCMP") != "" {
			if sp := rows["spot_ba"]; sp.status == "ok" && (s != atoi(sp.states) || e != atoi(sp.edges)) {
				t.Logf("CMP %s ours %d/%d spot %s/%s ltl3ba %s/%s :: %s", b.id, s, e, sp.states, sp.edges, rows["ltl3ba"].states, rows["ltl3ba"].edges, b.text)
			}
		}
		ok := true
		spin, has := rows["spin"]
		if !has || spin.status != "ok" {
			spin, has = rows["spin_nxt"]
		}
		if !has || spin.status != "ok" {
			ok = false
		}
		for _, tool := range tools {
			if rows[tool].status != "ok" {
				ok = false
			}
		}
		if !ok {
			continue
		}
		n++
		ours += s
		ourE += e
		for _, tool := range append(tools, "spin*") {
			r := rows[tool]
			if tool == "spin*" {
				r = spin
			}
			x := tot[tool]
			x[0] += atoi(r.states)
			x[1] += atoi(r.edges)
			tot[tool] = x
		}
	}
	t.Logf("common subset: %d formulas; gospin %d states %d edges", n, ours, ourE)
	for _, tool := range append(tools, "spin*") {
		t.Logf("  %-10s %5d states %6d edges", tool, tot[tool][0], tot[tool][1])
	}
	t.Logf("all %d formulas: gospin %d states %d edges (formulas.txt %d/%d, random.txt %d/%d); time %v",
		allN, allS, allE, setS[0], setE[0], setS[1], setE[1], time.Since(start))
	if n == 334 && (ours > tot["ltl3ba"][0] || ourE > tot["ltl3ba"][1]) {
		t.Errorf("above LTL3BA's totals (%d states, %d edges)", tot["ltl3ba"][0], tot["ltl3ba"][1])
	}
}

// BenchmarkFormulas translates the negation of every formula of
// formulas.txt.
func BenchmarkFormulas(b *testing.B) {
	bench := loadBench(b)
	var fs []*Formula
	for _, x := range bench {
		if x.set == "formulas" {
			fs = append(fs, Not(x.f))
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range fs {
			Translate(f, Options{})
		}
	}
}

// TestTranslationTime checks that all of formulas.txt translates in under
// a second.
func TestTranslationTime(t *testing.T) {
	bench := loadBench(t)
	cpu0 := cpuTime()
	start := time.Now()
	n := 0
	for _, x := range bench {
		if x.set == "formulas" {
			Translate(Not(x.f), Options{})
			n++
		}
	}
	d := time.Since(start)
	cpu := cpuTime() - cpu0
	t.Logf("formulas.txt: %d formulas translated in %v wall, %v CPU (process)", n, d, cpu)
	// The machine may be shared: the limit applies to CPU time.
	if cpu > 1500*time.Millisecond || d > 5*time.Second {
		t.Errorf("formulas.txt took %v wall, %v CPU", d, cpu)
	}
}

// cpuTime is the user+system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
