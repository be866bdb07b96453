// Package parser builds the syntax tree (package ast) of a Promela model
// from its preprocessed text. It is a hand-written recursive-descent parser
// for SPIN 6's complete grammar, including ltl blocks, inline definitions,
// typedefs, remote references and the implicit semicolons SPIN 6 inserts
// at line ends. Syntax errors are collected in a diag.List with their
// positions; the parser recovers and goes on, as go/parser does.
package parser
