// Package automata lowers a Promela model to process automata, the form
// that the engine executes: one control-flow automaton per proctype, init
// and never claim, with control locations and transitions, where each
// transition is one indivisible statement (its executability and its
// effect), as SPIN 6.5's verifier builds them with statement merging off
// (spin -o3). The shape matters: a process's location is part of the state,
// so to store exactly the states pan stores, the automata must have pan's
// locations. The lowering follows SPIN's construction:
//
//   - a sequence of statements is a chain of locations; goto and break
//     that follow another statement are not transitions of their own (the
//     statement before jumps straight to the target); as the first
//     statement of an option they are (SPIN's "goto :bN");
//   - the options of if and do leave from the branch location, an else
//     option last; a do that starts an option, a { } block, an atomic
//     sequence or an inline body gets a loop head of its own, and the
//     location before it gets copies of its options;
//   - inside an atomic sequence a chain of jumps is not shortened across
//     its end or its last statement: the end of an if, the exit of a do
//     (and a break to it) and a goto out of the sequence become steps
//     (pan's ".(goto)", "break", "goto"); a transition is atomic (SPIN's A
//     flag) when its target lies inside an atomic sequence, the state it
//     leads to is then an intermediate one;
//   - d_step bodies are lowered to internal locations and executed as one
//     transition, deterministically;
//   - unless escapes are copied to every location of the main statement,
//     with a priority level (outer escapes first, escapes before the main
//     statements);
//   - select (v : lo..hi) is one option per value or a loop, as SPIN's
//     lexer and parser expand it; for loops become a do with an else exit;
//     for over a channel rotates it;
//   - inline calls are expanded with their arguments substituted (the
//     checker's expansion of the call: check.Expansion); a local declared
//     in an inline body or a { } block is a variable of its own (SPIN 6
//     scopes, the checker's symbols); a local declared after the first
//     statement is
//     initialized by a transition where it stands ("v = init");
//   - a labelled jump named in a remote reference (P@L) stays a state;
//   - every proctype ends in a location with the -end- transition, which
//     lets the process die.
//
// Lower takes the checker's result (package check): every name is the
// symbol the checker resolved it to, every constant the value it folded,
// every mtype constant the value it numbered; the lowering has no scopes,
// symbol tables or constant rules of its own. The expressions and
// statements of transitions use the small resolved form declared in this
// file, which the engine compiles to closures. WriteDOT draws the
// automata.
package automata
