package ui

import (
	"bufio"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
)

// The HTTP API as the page uses it: the info, the streamed verification
// (progress lines, then the result), and the refusal of a request that
// names another host (DNS rebinding).
func TestServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener:", err)
	}
	b, _ := os.ReadFile("samples/arbiter.pml")
	go Serve(ln, Model{Name: "arbiter.pml", Src: string(b)}, "test")
	defer ln.Close()
	url := "http://" + ln.Addr().String()

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
	resp, err = http.Get(url + "/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the page: %v %v", resp, err)
	}
	resp.Body.Close()

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
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener:", err)
	}
	go Serve(ln, Model{}, "test")
	defer ln.Close()
	url := "http://" + ln.Addr().String()
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
