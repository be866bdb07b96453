// Package spinflag parses command lines written in SPIN's and pan's
// spellings with the standard flag package.
package spinflag
