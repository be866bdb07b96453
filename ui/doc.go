// Package ui is gospin's web interface: a page with the model (its
// syntax highlighted, its diagnostics on their lines), random,
// interactive and guided simulation drawn as a message sequence chart
// beside the variables, verification with a live progress line and each
// error's chart, and the model's automata. gospin ui serves it on
// localhost (ListenAndServe); the playground (cmd/gospin-wasm,
// playground/) serves the same page as static files and answers the same
// requests with gospin compiled to WebAssembly in the browser.
//
// The page is plain HTML, CSS and JavaScript (assets/, embedded); the
// requests and answers are the JSON of lib.go's types; site.go routes
// them. On Unix systems the HTTP server is a small one of our own over
// the socket system calls (serve_unix.go), so that the gospin binary does
// not link package net: with cgo enabled that links the C runtime, whose
// threads reserve 8 MB stacks and break gospin's memory budget under
// ulimit -v. Elsewhere it is net/http (serve_other.go).
package ui
