#!/bin/sh
# Builds gospin's playground: the page of package ui as static files, with
# gospin compiled to WebAssembly answering it in the browser.
#
#   ./playground/build.sh OUTDIR      (then serve OUTDIR with any web server)
#
# OUTDIR gets index.html, app.js, style.css, worker.js (ui/assets), gospin.wasm and Go's
# wasm_exec.js. Nothing is downloaded. Browsers load WebAssembly from
# http(s) only, not from file://: e.g. `python3 -m http.server -d OUTDIR`.
set -eu
if [ $# -ne 1 ]; then
	echo "usage: $0 OUTDIR" >&2
	exit 2
fi
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
cp "$root"/ui/assets/index.html "$root"/ui/assets/app.js "$root"/ui/assets/style.css "$root"/ui/assets/worker.js "$out"/
goroot=$(go env GOROOT)
if [ -f "$goroot/lib/wasm/wasm_exec.js" ]; then
	cp "$goroot/lib/wasm/wasm_exec.js" "$out"/
else
	cp "$goroot/misc/wasm/wasm_exec.js" "$out"/ # Go before 1.24
fi
rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo devel)
cd "$root"
GOOS=js GOARCH=wasm go build -trimpath -ldflags "-s -w -X 'main.version=gospin $rev (playground)'" -o "$out/gospin.wasm" ./cmd/gospin-wasm
echo "playground built in $out ($(du -sh "$out" | cut -f1)); serve it over http"
