// Package ast declares the syntax tree of a Promela model as the parser
// produces it: declarations, statements, expressions and LTL formulas, each
// node with its source position. Names are not resolved here; the checker
// (package check) adds meaning on top of this tree without changing it.
package ast
