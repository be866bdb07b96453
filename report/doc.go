// Package report prints the outcome of a verification run: a SPIN-style
// text report (what pan prints, so people and scripts used to SPIN can read
// it) and a JSON document with stable field names.
package report
