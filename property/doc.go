// Package property lists the correctness properties a model declares —
// its never claims and ltl blocks — and builds, for one of them, the model
// that the verifier checks: the model with that property as its only never
// claim (an ltl block translated into one), or with none.
package property
