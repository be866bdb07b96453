package ui

import (
	"context"
	"encoding/json"
	"io/fs"
	"mime"
	"path"
	"strings"
	"sync"
)

// site answers the page's requests, whatever serves them.
type site struct {
	info Info
	// loopback: the server listens on a loopback address, so it answers
	// only requests addressed to a loopback name (localhost, 127.0.0.1,
	// [::1]): a web site cannot reach it through a DNS name rebound to
	// 127.0.0.1
	loopback bool

	busy   sync.Mutex // one verification at a time
	stopMu sync.Mutex
	stop   func()
}

// reply is the answer to one request: a status, a type and a body, or a
// stream of lines (the verification's progress, then its result).
type reply struct {
	status int
	ctype  string
	body   []byte
	stream func(emit func([]byte))
}

// maxRequest bounds a request's body (a model is at most a few MB).
const maxRequest = 16 << 20

func newSite(model Model, version string, loopback bool) *site {
	return &site{info: Info{Server: true, Version: version, Model: model, Samples: Samples()}, loopback: loopback, stop: func() {}}
}

func text(status int, msg string) reply {
	return reply{status: status, ctype: "text/plain; charset=utf-8", body: []byte(msg + "\n")}
}

func jsonReply(v any) reply {
	b, err := json.Marshal(v)
	if err != nil {
		return text(500, err.Error())
	}
	return reply{status: 200, ctype: "application/json", body: b}
}

// route answers a request for path with method, addressed to host.
func (s *site) route(method, host, p string, body []byte) reply {
	if s.loopback && !loopbackHost(host) {
		return text(403, "gospin ui answers requests to localhost only")
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	decode := func(v any) bool { return json.Unmarshal(body, v) == nil }
	switch {
	case method == "GET" && p == "/api/info":
		return jsonReply(s.info)
	case method == "GET" || method == "HEAD":
		return static(p)
	case method != "POST":
		return text(405, "method not allowed")
	}
	if call := calls[p]; call != nil {
		if r, ok := call(body); ok {
			return r
		}
		return text(400, "bad request")
	}
	switch p {
	case "/api/stop":
		// the page's Stop: the search ends with its figures so far
		s.stopMu.Lock()
		s.stop()
		s.stopMu.Unlock()
		return jsonReply(struct{}{})
	case "/api/verify":
		var req VerifyRequest
		if !decode(&req) {
			break
		}
		if !s.busy.TryLock() {
			return text(409, "a verification is running")
		}
		// one JSON object a line: {"progress": ...} while the search
		// runs, then {"result": ...}
		return reply{status: 200, ctype: "application/x-ndjson", stream: func(emit func([]byte)) {
			defer s.busy.Unlock()
			ctx, stop := Stoppable(context.Background())
			defer stop()
			s.stopMu.Lock()
			s.stop = stop
			s.stopMu.Unlock()
			var mu sync.Mutex
			send := func(v any) {
				b, _ := json.Marshal(v)
				mu.Lock()
				emit(append(b, '\n'))
				mu.Unlock()
			}
			send(map[string]any{"progress": Progress{}})
			res := Verify(ctx, req, func(p Progress) { send(map[string]any{"progress": p}) })
			send(map[string]any{"result": res})
		}}
	default:
		return text(404, "not found")
	}
	return text(400, "bad request")
}

// calls are the requests answered by one library function: the JSON
// body decoded as the function's argument, its result encoded as the reply.
var calls = map[string]func(body []byte) (reply, bool){
	"/api/check":    jsonCall(Check),
	"/api/simulate": jsonCall(Simulate),
	"/api/automata": jsonCall(Automata),
	"/api/ltl":      jsonCall(LTL),
}

// jsonCall answers a JSON request with fn; false where the body does not
// decode as fn's argument.
func jsonCall[Req, Res any](fn func(Req) Res) func([]byte) (reply, bool) {
	return func(body []byte) (reply, bool) {
		var req Req
		if json.Unmarshal(body, &req) != nil {
			return reply{}, false
		}
		return jsonReply(fn(req)), true
	}
}

// static answers a request for one of the page's files.
func static(p string) reply {
	p = strings.TrimPrefix(path.Clean("/"+p), "/")
	if p == "" {
		p = "index.html"
	}
	b, err := fs.ReadFile(Assets(), p)
	if err != nil {
		return text(404, "not found")
	}
	ct := mime.TypeByExtension(path.Ext(p))
	if ct == "" {
		ct = "application/octet-stream"
	}
	return reply{status: 200, ctype: ct, body: b}
}

// loopbackHost reports whether a request's Host names this machine's
// loopback interface.
func loopbackHost(host string) bool {
	if strings.HasPrefix(host, "[") {
		if i := strings.Index(host, "]"); i > 0 {
			return host[1:i] == "::1"
		}
		return false
	}
	if i := strings.LastIndex(host, ":"); i >= 0 {
		host = host[:i]
	}
	return host == "localhost" || strings.HasPrefix(host, "127.") && strings.Count(host, ".") == 3
}
