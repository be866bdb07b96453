// Command gospin is a model checker for Promela, the language of SPIN.
//
// Usage:
//
//	gospin <command> [flags] [arguments]
//
// Run `gospin help` for the list of commands and `gospin help <command>`
// for the flags of one.
package main
