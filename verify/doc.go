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
package verify
