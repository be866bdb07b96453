package msc

import (
	"io"
)

// WriteSVG writes the chart of t as a standalone SVG document.
func WriteSVG(w io.Writer, t *Trace, opt Options) error {
	l := Place(t, opt)
	return l.Doc.Write(w)
}
