// Package conformance holds gospin's conformance test against SPIN 6.5.2:
// the corpus in ../shared/corpus (real models written by others, with
// pan's results in expected.tsv) is verified with gospin and every verdict
// and, where SPIN's optimizations are off, every state and transition count
// is compared with SPIN's. Deviations are listed with their reasons in
// deviations.tsv; the goal is none.
//
// The test skips cleanly when ../shared is absent. Rows with more than
// 1.5 million states run only with GOSPIN_CONFORMANCE_ALL=1 (about two
// minutes more on one core).
package conformance
