// Package verify is gospin's verification library: what `gospin verify`
// does, for the command, the web UI, the tests and any Go program.
//
// Load (or NewSource) reads and checks a model; Properties lists the
// properties a Settings asks for (never claims, ltl blocks, or none);
// Check verifies one of them. Settings holds the user's choices under the
// command's flag names (DefaultSettings gives pan's defaults); Check
// derives from them an internal plan (plan.go: which claim, which
// reduction, leap-set rules, rebuilds with merging off, TGBA or never
// claim, the closure re-run, trail headers) and runs it through Run,
// which builds the search's options and the reduction layer (package por),
// runs the search, writes a trail for each error kept, and summarises the
// run as a report.Summary. Status gives the exit status of a set of
// summaries; FindTrail and SimModel set up the replay of a trail (gospin
// run -t).
//
// Options and Run, one step of the plan, stay exported for the tests that
// must force what the plan would decide, to check the plan's parts apart
// (every other caller, gospin verify, gospin run -t, the web page, the
// conformance rows and the claim-free random differentials, goes through
// Check):
//
//   - a claim reduced as if in SI normal form when it is not
//     (Options.ClaimSI; TestSiegelV1WithoutNormalForm in
//     cmd/gospin/porltl_test.go), which Check never does: the test shows
//     what the rule guards against;
//   - the reduced search alone, with its own errors and the count of those
//     the claim does not confirm (Options.ClosureOf, ClaimInvariant,
//     InertClaim, set from property.PlanReduction by the test, and
//     Stubborn, Leap and BFS chosen per model), compared with the search
//     without reduction: internal/randmodel's ltl, ltl-end, never and
//     invariant differentials, and conformance/closure_test.go; Check would
//     add the unreduced re-run that hides what they measure;
//   - a TGBA and the claim model for its trails given by the test
//     (Options.TGBA, ClaimModel; conformance/tgba_test.go), or -scc and
//     -f over a liveness row without the plan's property choice
//     (conformance/tgba_random_test.go);
//   - a model built with engine options or from a claim the test chooses
//     (conformance counts and errorKinds), or timed alone (reduce's cost
//     benchmark), where Check would rebuild it from the source.
package verify
