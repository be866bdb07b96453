// Package msc draws message sequence charts of simulation runs and
// trails, as iSpin and jSpin draw them beside a simulation: one lifeline
// per process, created where the process is created and ended where it
// dies; sends and receives as arrows between lifelines (a rendezvous as a
// handshake on one row, a buffered message from its send to its receive);
// local steps and printf output as notes beside the lifeline; step
// numbers in the margin; the start of an acceptance cycle marked.
//
// The work is done in three stages, each of its own: a Builder (a
// simulate.Observer) turns the simulator's events into a Trace (lifelines,
// rows and messages: what happened); Layout places a Trace on a plane
// (primitives with coordinates: where it is drawn); WriteSVG and
// WriteHTML write a layout out. Nothing outside the Go standard library
// is needed to look at the result: the SVG is plain text, and the HTML
// page carries its script and data inline.
package msc
