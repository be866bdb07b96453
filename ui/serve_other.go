//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package ui

import (
	"io"
	"net"
	"net/http"
)

// ListenAndServe serves the page on addr (host:port; port 0: a free
// port), calling ready with the page's URL once it listens; it returns
// only when it fails. Here (not Unix: package net links no C runtime) it
// is net/http.
func ListenAndServe(addr string, model Model, version string, ready func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	loop := false
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		loop = a.IP.IsLoopback()
	}
	s := newSite(model, version, loop)
	ready("http://" + ln.Addr().String() + "/")
	return http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxRequest+1))
		if err != nil || len(body) > maxRequest {
			http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
			return
		}
		rp := s.route(r.Method, r.Host, r.URL.Path, body)
		w.Header().Set("Content-Type", rp.ctype)
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(rp.status)
		if rp.stream == nil {
			w.Write(rp.body)
			return
		}
		fl, _ := w.(http.Flusher)
		rp.stream(func(b []byte) {
			w.Write(b)
			if fl != nil {
				fl.Flush()
			}
		})
	}))
}
