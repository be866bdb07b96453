//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "gospin-wasm is built with GOOS=js GOARCH=wasm: run playground/build.sh OUTDIR")
	os.Exit(2)
}
