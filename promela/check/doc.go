// Package check turns a parsed Promela model into a checked program: it
// resolves every name to a symbol (globals, locals and parameters under
// SPIN 6's block scopes, typedef fields, mtype constants, labels,
// proctypes, inlines), folds constant expressions, checks types, and
// infers channel message types by unification (recursive channel types
// included), reporting every problem it finds with its position.
//
// Inline calls are checked at each call site with the arguments in place
// of the parameters, as SPIN expands them; an inline that is never called
// is only checked for syntax, as in SPIN.
//
// What the checker finds is kept in side tables from syntax nodes to
// symbols and values (Info, as go/types.Info), one per inline expansion:
// package automata lowers the model from them and resolves nothing itself.
package check
