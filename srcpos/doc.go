// Package srcpos defines the human-readable source position that every
// stage shares: the language front end (promela/token.Position is this
// type), the next-state interface (pins: where a statement or a violation
// is) and the reports. It depends on nothing, so that the model interface
// and the search algorithms name positions without importing a front end.
package srcpos
