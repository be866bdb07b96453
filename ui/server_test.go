package ui

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// serve starts the server on a free loopback port and returns its URL
// (without the final slash). The server lives until the test binary ends.
func serve(t *testing.T, m Model) string {
	t.Helper()
	urls, errs := make(chan string, 1), make(chan error, 1)
	go func() { errs <- ListenAndServe("127.0.0.1:0", m, "test", func(u string) { urls <- u }) }()
	select {
	case u := <-urls:
		return strings.TrimSuffix(u, "/")
	case err := <-errs:
		t.Skip("no loopback server:", err)
	}
	return ""
}

// The HTTP API as the page uses it: the info, the streamed verification
// (progress lines, then the result), and the refusal of a request that
// names another host (DNS rebinding).
func TestServer(t *testing.T) {
	b, _ := os.ReadFile("samples/arbiter.pml")
	url := serve(t, Model{Name: "arbiter.pml", Src: string(b)})

	resp, err := http.Get(url + "/api/info")
	if err != nil {
		t.Fatal(err)
	}
	var info Info
	json.NewDecoder(resp.Body).Decode(&info)
	resp.Body.Close()
	if !info.Server || info.Model.Name != "arbiter.pml" || len(info.Samples) < 3 {
		t.Errorf("info %+v", info)
	}
	for p, ct := range map[string]string{"/": "text/html", "/app.js": "javascript", "/style.css": "text/css", "/worker.js": "javascript"} {
		resp, err = http.Get(url + p)
		if err != nil || resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), ct) {
			t.Fatalf("%s: %v %v", p, resp, err)
		}
		resp.Body.Close()
	}
	if resp, err = http.Get(url + "/../go.mod"); err == nil {
		resp.Body.Close()
		if resp.StatusCode != 404 {
			t.Errorf("/../go.mod: status %d, want 404", resp.StatusCode)
		}
	}

	req, _ := json.Marshal(VerifyRequest{Model: info.Model})
	resp, err = http.Post(url+"/api/verify", "application/json", strings.NewReader(string(req)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var lines []map[string]json.RawMessage
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	if len(lines) < 2 || lines[0]["progress"] == nil || lines[len(lines)-1]["result"] == nil {
		t.Fatalf("want progress lines, then the result: %v", lines)
	}
	var res VerifyResult
	json.Unmarshal(lines[len(lines)-1]["result"], &res)
	if len(res.Errors) != 1 || res.Errors[0].Trail == "" {
		t.Errorf("result %+v", res)
	}

	r, _ := http.NewRequest("GET", url+"/api/info", nil)
	r.Host = "evil.example:80"
	resp, err = http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a request for host evil.example: status %d, want 403", resp.StatusCode)
	}
}

// Stop ends a running verification with its figures so far.
func TestServerStop(t *testing.T) {
	url := serve(t, Model{})
	// three byte counters (wrapping at 256, read by the assertion, which
	// holds): 16 million states, far more
	// than the test waits for
	big := "byte a, b, c;\nactive proctype p() { do :: a++ :: b++ :: c++ :: assert(a + b + c < 1000) od }\n"
	req, _ := json.Marshal(VerifyRequest{Model: Model{Name: "big.pml", Src: big}, NoReduce: true})
	resp, err := http.Post(url+"/api/verify", "application/json", strings.NewReader(string(req)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() {
		t.Fatal("no first progress line")
	}
	s, err := http.Post(url+"/api/stop", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	s.Body.Close()
	var res VerifyResult
	for sc.Scan() {
		var m map[string]json.RawMessage
		json.Unmarshal(sc.Bytes(), &m)
		if m["result"] != nil {
			json.Unmarshal(m["result"], &res)
		}
	}
	if res.Complete || res.Reason != "stopped" || res.States >= 16777216 {
		t.Errorf("after Stop: complete %v, reason %q, %d states", res.Complete, res.Reason, res.States)
	}
}

// gospin links neither package net nor the C runtime: with cgo, net
// would bring in the C runtime's thread stacks, which break the memory
// budget under ulimit -v (cmd/gospin's TestMemoryUlimit); serve_unix.go
// is why gospin ui needs neither.
func TestGospinLinksNoNet(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goCmd, "list", "-deps", "../cmd/gospin").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "net" || p == "runtime/cgo" {
			t.Errorf("cmd/gospin depends on %s", p)
		}
	}
}
