module github.com/gospin/gospin

go 1.26.8

require (
	github.com/axiomhq/hyperloglog v0.3.0
	github.com/chromedp/chromedp v0.23.0
	github.com/zeebo/xxh3 v1.1.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/dgryski/go-metro v0.0.0-20250106013310-edb8663e5e33 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/kamstrup/intmap v0.5.2 // indirect
	github.com/klauspost/cpuid/v2 v2.2.10 // indirect
)
