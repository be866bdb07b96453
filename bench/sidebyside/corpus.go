package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Expected is one row of the corpus's expected.tsv (the columns used here).
type Expected struct {
	Model     string
	Config    string
	LTL       string // the -N property, "" for none ("-" in the file)
	Verdict   string
	Stored    int64 // -1 when "-"
	Trans     int64 // -1 when "-"
	Complete  string
	SpinCmd   string
	CCCmd     string
	PanCmd    string
	Depth     int // the -m of pan_cmd, 0 when absent
	VectorSz  int // the -DVECTORSZ of cc_cmd, 0 when absent
	StoredRaw string
}

var (
	reDepthFlag  = regexp.MustCompile(`^-m(\d+)$`)
	reVectorFlag = regexp.MustCompile(`^-DVECTORSZ=(\d+)$`)
)

// readExpected reads the rows of expected.tsv.
func readExpected(path string) ([]Expected, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseExpected(f)
}

func parseExpected(rd io.Reader) ([]Expected, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	if !sc.Scan() {
		return nil, fmt.Errorf("expected.tsv is empty")
	}
	col := map[string]int{}
	for i, name := range strings.Split(sc.Text(), "\t") {
		col[name] = i
	}
	for _, need := range []string{"model", "config", "verdict", "states_stored", "transitions", "complete", "cc_cmd", "pan_cmd"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("expected.tsv has no column %q", need)
		}
	}
	var out []Expected
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(f) {
				return f[i]
			}
			return ""
		}
		e := Expected{
			Model:     get("model"),
			Config:    get("config"),
			LTL:       get("ltl"),
			Verdict:   get("verdict"),
			Stored:    num(get("states_stored")),
			Trans:     num(get("transitions")),
			Complete:  get("complete"),
			SpinCmd:   get("spin_cmd"),
			CCCmd:     get("cc_cmd"),
			PanCmd:    get("pan_cmd"),
			StoredRaw: get("states_stored"),
		}
		if e.LTL == "-" {
			e.LTL = ""
		}
		for _, a := range strings.Fields(e.PanCmd) {
			if m := reDepthFlag.FindStringSubmatch(a); m != nil {
				e.Depth, _ = strconv.Atoi(m[1])
			}
		}
		for _, a := range strings.Fields(e.CCCmd) {
			if m := reVectorFlag.FindStringSubmatch(a); m != nil {
				e.VectorSz, _ = strconv.Atoi(m[1])
			}
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

func num(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return -1
	}
	return n
}

// spinArgs are the options of the row's spin_cmd (between "spin" and the
// model), or nil when the row has none.
func (e *Expected) spinArgs() []string {
	f := strings.Fields(e.SpinCmd)
	if len(f) < 2 {
		return nil
	}
	return f[1 : len(f)-1]
}

// ccArgs are the options of the row's cc_cmd without the compiler, the
// output and the source (-o pan pan.c) and without -DVECTORSZ, which the
// harness adds itself (it may raise it).
func (e *Expected) ccArgs() []string {
	f := strings.Fields(e.CCCmd)
	if len(f) < 1 {
		return nil
	}
	var out []string
	for i := 1; i < len(f); i++ {
		switch {
		case f[i] == "-o" && i+1 < len(f):
			i++
		case f[i] == "pan.c", reVectorFlag.MatchString(f[i]):
		default:
			out = append(out, f[i])
		}
	}
	return out
}

// panArgs are the options of the row's pan_cmd without the depth limit -m,
// which the harness adds itself (it may raise it).
func (e *Expected) panArgs() []string {
	f := strings.Fields(e.PanCmd)
	var out []string
	for i := 1; i < len(f); i++ {
		if !reDepthFlag.MatchString(f[i]) {
			out = append(out, f[i])
		}
	}
	return out
}

// findRow returns the row of model under config for property ltl ("" for
// none), or nil.
func findRow(rows []Expected, model, config, ltl string) *Expected {
	for i := range rows {
		if r := &rows[i]; r.Model == model && r.Config == config && r.LTL == ltl {
			return r
		}
	}
	return nil
}

// topRows returns the n complete rows of config with the most states
// stored by SPIN, largest first (ties by model, then property).
func topRows(rows []Expected, config string, n int) []Expected {
	var all []Expected
	for _, r := range rows {
		if r.Config == config && r.Complete == "yes" && r.Stored >= 0 {
			all = append(all, r)
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.Stored != b.Stored {
			return a.Stored > b.Stored
		}
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		return a.LTL < b.LTL
	})
	if n < len(all) {
		all = all[:n]
	}
	return all
}

var reInclude = regexp.MustCompile(`(?m)^\s*#\s*include\s+"([^"]+)"`)

// stageModel copies the model into dir, with the .h and .pml files beside
// it (models may #include neighbours) and any file it names in an #include
// line, and returns the path of the copy.
func stageModel(model, dir string) (string, error) {
	src := filepath.Dir(model)
	base := filepath.Base(model)
	files := map[string]bool{base: true}
	ents, err := os.ReadDir(src)
	if err == nil {
		for _, e := range ents {
			if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".h") {
				files[n] = true
			}
		}
	}
	// Follow #include lines (transitively) for files in other places or
	// with other extensions.
	var queue []string
	for name := range files {
		queue = append(queue, name)
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		text, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			continue
		}
		for _, m := range reInclude.FindAllStringSubmatch(string(text), -1) {
			inc := filepath.Clean(m[1])
			if filepath.IsAbs(inc) || strings.HasPrefix(inc, "..") || files[inc] {
				continue
			}
			if st, err := os.Stat(filepath.Join(src, inc)); err == nil && !st.IsDir() {
				files[inc] = true
				queue = append(queue, inc)
			}
		}
	}
	for name := range files {
		if err := copyFile(filepath.Join(src, name), filepath.Join(dir, name)); err != nil {
			if name == base {
				return "", err
			}
		}
	}
	return filepath.Join(dir, base), nil
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
