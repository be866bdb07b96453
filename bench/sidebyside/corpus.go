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
	Verdict   string
	Stored    int64 // -1 when "-"
	Trans     int64 // -1 when "-"
	Complete  string
	CCCmd     string
	PanCmd    string
	Depth     int // the -m of pan_cmd, 0 when absent
	VectorSz  int // the -DVECTORSZ of cc_cmd, 0 when absent
	StoredRaw string
}

var (
	reDepthFlag  = regexp.MustCompile(`-m(\d+)`)
	reVectorFlag = regexp.MustCompile(`-DVECTORSZ=(\d+)`)
)

// readExpected reads expected.tsv, keyed by model and then config.
func readExpected(path string) (map[string]map[string]Expected, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseExpected(f)
}

func parseExpected(rd io.Reader) (map[string]map[string]Expected, error) {
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
	out := map[string]map[string]Expected{}
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		get := func(name string) string {
			if i := col[name]; i < len(f) {
				return f[i]
			}
			return ""
		}
		e := Expected{
			Model:     get("model"),
			Config:    get("config"),
			Verdict:   get("verdict"),
			Stored:    num(get("states_stored")),
			Trans:     num(get("transitions")),
			Complete:  get("complete"),
			CCCmd:     get("cc_cmd"),
			PanCmd:    get("pan_cmd"),
			StoredRaw: get("states_stored"),
		}
		if m := reDepthFlag.FindStringSubmatch(e.PanCmd); m != nil {
			e.Depth, _ = strconv.Atoi(m[1])
		}
		if m := reVectorFlag.FindStringSubmatch(e.CCCmd); m != nil {
			e.VectorSz, _ = strconv.Atoi(m[1])
		}
		if out[e.Model] == nil {
			out[e.Model] = map[string]Expected{}
		}
		out[e.Model][e.Config] = e
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

// topModels returns the n models with the most states stored by SPIN in
// their safety_plain rows, largest first (ties by name).
func topModels(exp map[string]map[string]Expected, n int) []string {
	type ms struct {
		name   string
		stored int64
	}
	var all []ms
	for name, byCfg := range exp {
		if e, ok := byCfg["safety_plain"]; ok && e.Stored >= 0 {
			all = append(all, ms{name, e.Stored})
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].stored != all[j].stored {
			return all[i].stored > all[j].stored
		}
		return all[i].name < all[j].name
	})
	if n > len(all) {
		n = len(all)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = all[i].name
	}
	return names
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
