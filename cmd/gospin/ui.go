package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gospin/gospin/ui"
)

func setupUI(fs *flag.FlagSet) func([]string) int {
	addr := fs.String("addr", "127.0.0.1:7351", "the `host:port` to serve on (port 0: any free port)")
	return func(args []string) int {
		if len(args) > 1 {
			fmt.Fprintln(stderr, "gospin ui: at most one model")
			return exitUsage
		}
		var m ui.Model
		if len(args) == 1 {
			src, err := os.ReadFile(args[0])
			if err != nil {
				fmt.Fprintf(stderr, "gospin: %v\n", err)
				return exitUsage
			}
			m = ui.Model{Name: filepath.Base(args[0]), Src: string(src)}
		}
		err := ui.ListenAndServe(*addr, m, versionString(), func(url string) {
			fmt.Fprintf(stdout, "gospin ui: serving on %s (Ctrl-C stops)\n", url)
		})
		fmt.Fprintf(stderr, "gospin ui: %v\n", err)
		return exitUsage
	}
}
