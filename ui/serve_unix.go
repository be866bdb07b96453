//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package ui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// ListenAndServe serves the page on addr, host:port with an IPv4 address
// or localhost as the host (port 0: a free port), calling ready with the
// page's URL once it listens; it returns only when it fails. model is
// the model the page opens with (empty: the first example); version
// names gospin.
//
// The server is HTTP/1.1 over the socket system calls, one request per
// connection, enough for the page; see the package comment for why it
// does not use net/http here.
func ListenAndServe(addr string, model Model, version string, ready func(url string)) error {
	i := strings.LastIndex(addr, ":")
	if i < 0 {
		return fmt.Errorf("address %q: want host:port", addr)
	}
	host, portText := addr[:i], addr[i+1:]
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return fmt.Errorf("address %q: bad port", addr)
	}
	shown := host
	switch host {
	case "localhost":
		host = "127.0.0.1"
	case "":
		host, shown = "0.0.0.0", "localhost"
	}
	ip, ok := ipv4(host)
	if !ok {
		return fmt.Errorf("address %q: want an IPv4 address or localhost", addr)
	}
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		return fmt.Errorf("socket: %v", err)
	}
	syscall.CloseOnExec(fd)
	syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1)
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Port: port, Addr: ip}); err != nil {
		syscall.Close(fd)
		return fmt.Errorf("listen on %s: %v", addr, err)
	}
	if err := syscall.Listen(fd, 64); err != nil {
		syscall.Close(fd)
		return fmt.Errorf("listen on %s: %v", addr, err)
	}
	if sa, err := syscall.Getsockname(fd); err == nil {
		if a, ok := sa.(*syscall.SockaddrInet4); ok {
			port = a.Port
		}
	}
	s := newSite(model, version, ip[0] == 127)
	ready(fmt.Sprintf("http://%s:%d/", shown, port))
	for {
		nfd, _, err := syscall.Accept(fd)
		if errors.Is(err, syscall.EINTR) || errors.Is(err, syscall.ECONNABORTED) {
			continue
		}
		if err != nil {
			syscall.Close(fd)
			return fmt.Errorf("accept: %v", err)
		}
		syscall.CloseOnExec(nfd)
		go s.conn(os.NewFile(uintptr(nfd), "http"))
	}
}

// ipv4 parses a dotted IPv4 address.
func ipv4(s string) (ip [4]byte, ok bool) {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return ip, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 255 {
			return ip, false
		}
		ip[i] = byte(n)
	}
	return ip, true
}

// conn answers the one request of a connection.
func (s *site) conn(f *os.File) {
	defer f.Close()
	br := bufio.NewReader(io.LimitReader(f, maxRequest+64<<10))
	line, err := br.ReadString('\n')
	parts := strings.Fields(line)
	if err != nil || len(parts) != 3 || !strings.HasPrefix(parts[2], "HTTP/1.") {
		return
	}
	method, target := parts[0], parts[1]
	host, length := "", 0
	for n := 0; ; n++ {
		h, err := br.ReadString('\n')
		if err != nil || n > 100 {
			return
		}
		h = strings.TrimRight(h, "\r\n")
		if h == "" {
			break
		}
		k, v, _ := strings.Cut(h, ":")
		v = strings.TrimSpace(v)
		switch strings.ToLower(k) {
		case "host":
			host = v
		case "content-length":
			if length, err = strconv.Atoi(v); err != nil || length < 0 {
				writeReply(f, method, text(400, "bad Content-Length"))
				return
			}
		case "transfer-encoding":
			writeReply(f, method, text(411, "send a Content-Length"))
			return
		}
	}
	if length > maxRequest {
		writeReply(f, method, text(413, "request too large"))
		return
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(br, body); err != nil {
		return
	}
	writeReply(f, method, s.route(method, host, target, body))
}

// writeReply writes r as the response; the connection then closes,
// which ends a streamed body.
func writeReply(f *os.File, method string, r reply) {
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n", r.status, statusText[r.status], r.ctype)
	if r.stream == nil {
		fmt.Fprintf(w, "Content-Length: %d\r\n\r\n", len(r.body))
		if method != "HEAD" {
			w.Write(r.body)
		}
		w.Flush()
		return
	}
	w.WriteString("\r\n")
	w.Flush()
	r.stream(func(b []byte) { f.Write(b) })
}

var statusText = map[int]string{200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
	409: "Conflict", 411: "Length Required", 413: "Content Too Large", 500: "Internal Server Error"}
