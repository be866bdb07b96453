// Package diag collects diagnostics (errors and warnings) with their source
// positions and prints them as gospin shows them to users:
//
//	model.pml:12:7: error: undefined: x
//	    x = y + 1
//	    ^
//
// Every stage (preprocessor, scanner, parser, checker) reports into a List
// instead of stopping at the first problem, as go/scanner does.
package diag
