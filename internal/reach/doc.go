// Package reach computes which nodes of a small explicit graph (a claim's
// automaton, a process's control graph) are reachable from a node.
package reach
