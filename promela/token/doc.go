// Package token defines the lexical tokens of Promela and the source
// positions that every later stage (syntax tree, checker, automata, reports)
// carries.
//
// A model is read through the preprocessor, which produces one flat text. A
// Pos is an offset into that text; a File maps it back to the original file,
// line and column through includes and macro expansions, so diagnostics always
// point at what the user wrote.
package token
