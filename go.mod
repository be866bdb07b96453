module github.com/gospin/gospin

go 1.26.8

require (
	github.com/klauspost/cpuid/v2 v2.2.10 // indirect
	github.com/zeebo/xxh3 v1.1.0
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.47.0
)
