// Package svgdoc writes pictures that a layout has placed as SVG text:
// a document of groups of primitives (lines, paths, rectangles, ellipses,
// text) with absolute coordinates. The layouts (msc, graphsvg) compute
// where things go; this package only writes them, so that a picture needs
// no program but a browser to be looked at.
package svgdoc
