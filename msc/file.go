package msc

import (
	"bytes"
	"os"
	"strings"
)

// WriteFile writes the chart of t to path: an HTML page that steps
// through the run when path ends in .html or .htm, else SVG. The file is
// written whole or not at all (through a temporary file beside it).
func WriteFile(path string, t *Trace, opt Options) error {
	var buf bytes.Buffer
	var err error
	if IsHTML(path) {
		err = WriteHTML(&buf, t, opt)
	} else {
		err = WriteSVG(&buf, t, opt)
	}
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(dirOf(path), ".msc-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(buf.Bytes()); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	os.Chmod(tmp, 0o644)
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// IsHTML reports whether path names an HTML file.
func IsHTML(path string) bool {
	p := strings.ToLower(path)
	return strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm")
}

func dirOf(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[:i+1]
	}
	return "."
}
