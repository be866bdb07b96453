package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/format"
)

func setupFmt(fs *flag.FlagSet) func([]string) int {
	write := fs.Bool("w", false, "write the result to the file instead of standard output")
	list := fs.Bool("l", false, "list the files whose formatting differs")
	return eachModel("fmt", func(path string) int {
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "gospin: %v\n", err)
			return exitUsage
		}
		out, err := format.Source(path, src)
		if err != nil {
			if l, ok := err.(*diag.List); ok {
				diag.Print(stderr, l, func(string) []byte { return src })
			} else {
				fmt.Fprintf(stderr, "gospin: %s: %v\n", path, err)
			}
			return exitFound
		}
		switch {
		case *list:
			if !bytes.Equal(src, out) {
				fmt.Fprintln(stdout, path)
			}
		case *write:
			if !bytes.Equal(src, out) {
				if err := os.WriteFile(path, out, 0o644); err != nil {
					fmt.Fprintf(stderr, "gospin: %v\n", err)
					return exitUsage
				}
			}
		default:
			stdout.Write(out)
		}
		return exitOK
	})
}
