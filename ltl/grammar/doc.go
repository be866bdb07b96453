// Package grammar is the grammar of LTL formulas, written once for the two syntaxes that
// gospin reads: stand-alone formulas (Parse: SPIN's spin -f syntax and
// Spot's, over propositions that are names) and the ltl blocks of
// Promela models (package promela/parser, over propositions that are
// Promela expressions, with file:line:col diagnostics). A syntax supplies
// the tokens, the propositions, the tree it builds and its diagnostics;
// the grammar (operators, precedence, associativity, nesting) is Parse.
// It imports nothing: package ltl (stand-alone formulas) and the Promela
// parser (ltl blocks) both use it.
package grammar
