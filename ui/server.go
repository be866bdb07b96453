// Package ui is gospin's web interface: a page with the model (its
// syntax highlighted, its diagnostics on their lines), random,
// interactive and guided simulation drawn as a message sequence chart
// beside the variables, verification with a live progress line and each
// error's chart, and the model's automata. gospin ui serves it on
// localhost (Handler); the playground (cmd/gospin-wasm, playground/)
// serves the same page as static files and answers the same requests with
// gospin compiled to WebAssembly in the browser.
//
// The page is plain HTML, CSS and JavaScript (assets/, embedded); the
// requests and answers are the JSON of lib.go's types.
package ui

import (
	"embed"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
)

//go:embed assets
var assets embed.FS

// Assets are the page's files (index.html, app.js, style.css), as the
// playground copies them.
func Assets() fs.FS {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded folder is there: a build without it does not compile
	}
	return sub
}

// Info is what the page learns first: that a server answers, its version
// and the model it was started on.
type Info struct {
	Server  bool    `json:"server"`
	Version string  `json:"version"`
	Model   Model   `json:"model"`
	Samples []Model `json:"samples"`
}

// maxRequest bounds a request's body (a model is at most a few MB).
const maxRequest = 16 << 20

// Handler serves the page and its API. model is the model the page opens
// with (its Name and Src; empty for the first sample); version names
// gospin. Each verification runs until the page cancels it (the request's
// context) or until a request to api/stop; one runs at a time.
func Handler(model Model, version string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(Assets()))
	mux.HandleFunc("GET /api/info", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, Info{Server: true, Version: version, Model: model, Samples: Samples()})
	})
	mux.HandleFunc("POST /api/check", func(w http.ResponseWriter, r *http.Request) {
		var m Model
		if readJSON(w, r, &m) {
			writeJSON(w, Check(m))
		}
	})
	mux.HandleFunc("POST /api/simulate", func(w http.ResponseWriter, r *http.Request) {
		var req SimRequest
		if readJSON(w, r, &req) {
			writeJSON(w, Simulate(req))
		}
	})
	mux.HandleFunc("POST /api/automata", func(w http.ResponseWriter, r *http.Request) {
		var m Model
		if readJSON(w, r, &m) {
			writeJSON(w, Automata(m))
		}
	})
	mux.HandleFunc("POST /api/ltl", func(w http.ResponseWriter, r *http.Request) {
		var req LTLRequest
		if readJSON(w, r, &req) {
			writeJSON(w, LTL(req))
		}
	})
	var busy, stopMu sync.Mutex
	stopRun := func() {}
	// the page's Stop: the search ends with its figures so far
	mux.HandleFunc("POST /api/stop", func(w http.ResponseWriter, r *http.Request) {
		stopMu.Lock()
		stopRun()
		stopMu.Unlock()
		writeJSON(w, struct{}{})
	})
	mux.HandleFunc("POST /api/verify", func(w http.ResponseWriter, r *http.Request) {
		var req VerifyRequest
		if !readJSON(w, r, &req) {
			return
		}
		if !busy.TryLock() {
			http.Error(w, "a verification is running", http.StatusConflict)
			return
		}
		defer busy.Unlock()
		ctx, stop := Stoppable(r.Context())
		defer stop()
		stopMu.Lock()
		stopRun = stop
		stopMu.Unlock()
		// one JSON object a line: {"progress": ...} while the search runs,
		// then {"result": ...}
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		fl, _ := w.(http.Flusher)
		enc := json.NewEncoder(w)
		var mu sync.Mutex
		send := func(v any) {
			mu.Lock()
			defer mu.Unlock()
			enc.Encode(v)
			if fl != nil {
				fl.Flush()
			}
		}
		send(map[string]any{"progress": Progress{}})
		res := Verify(ctx, req, func(p Progress) { send(map[string]any{"progress": p}) })
		send(map[string]any{"result": res})
	})
	return mux
}

// Serve serves the page on ln until it fails. A listener on a loopback
// address answers only requests addressed to a loopback name (localhost,
// 127.0.0.1, [::1]), so that a web site cannot reach it through a DNS
// name rebound to 127.0.0.1.
func Serve(ln net.Listener, model Model, version string) error {
	h := Handler(model, version)
	if a, ok := ln.Addr().(*net.TCPAddr); ok && a.IP.IsLoopback() {
		h = loopbackOnly(h)
	}
	return http.Serve(ln, h)
}

func loopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			host = hh
		}
		host = strings.Trim(host, "[]")
		if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, "gospin ui answers requests to localhost only", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(io.LimitReader(r.Body, maxRequest)).Decode(v); err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

//go:embed samples/*.pml
var samples embed.FS

// Samples are the example models the page offers.
func Samples() []Model {
	var out []Model
	ents, _ := samples.ReadDir("samples")
	for _, e := range ents {
		b, err := samples.ReadFile("samples/" + e.Name())
		if err == nil {
			out = append(out, Model{Name: filepath.Base(e.Name()), Src: string(b)})
		}
	}
	return out
}
