// Package frontend runs the whole Promela front end on a model file:
// preprocess, parse, check. It is what the gospin commands call, and the
// single place where those three stages are wired together.
package frontend
