// Package scanner turns the text of a (preprocessed) Promela model into
// tokens, in the manner of go/scanner: the caller pulls one token at a time
// with Scan, lexical errors are collected in a diag.List rather than
// stopping the scan, and every token carries its position.
//
// The scanner does not decide where SPIN 6 inserts implicit semicolons;
// it reports whether a newline preceded each token (NewlineBefore) and the
// parser applies SPIN's rule.
package scanner
