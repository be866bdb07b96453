// Command gospin-wasm is gospin's playground engine, for GOOS=js
// GOARCH=wasm only (main.go); playground/build.sh builds it.
package main
