// Package ltl translates linear temporal logic formulas (SPIN's or Spot's
// syntax) into state-based Büchi automata, printed as SPIN never claims,
// HOA or DOT.
//
// Pipeline (Translate):
//   - negation normal form with rewriting while hash-consing (Etessami–
//     Holzmann and Somenzi–Bloem rules, Spot's basic rules, pure
//     eventualities and purely universal formulas, syntactic implication);
//   - tableau expansion of each state formula into a disjunction of
//     cube ∧ X(next) terms with promises (Couvreur-style), giving a
//     transition-based generalized Büchi automaton (TGBA) whose states are
//     formulas, so equal residual formulas merge; disjunctive successors
//     are split;
//   - SCC filtering, direct simulation of the TGBA (quotient, pruning of
//     edges to little brothers);
//   - SCC-aware degeneralization (levels only in non-weak accepting SCCs,
//     level skipping, several orders of the acceptance sets tried);
//   - direct and reverse simulation of the Büchi automaton, SCC pruning;
//   - for obligation properties (checked by language inclusion against the
//     automaton of the negation): weak deterministic automaton by the
//     powerset construction (Dax–Eisinger–Klaedtke), used when smaller.
//
// One automaton type, Automaton (automaton.go), serves every stage, as
// Spot's twa does: the TGBA (generalized Büchi marks on edges), the Büchi
// automaton (acceptance on states), the letter graphs of the SI normal
// form and of the stutter closure, and products. The algorithms sit
// beside it: scc.go (components, filtering), simulation.go, degen.go,
// wdba.go, product.go (products, emptiness, lasso acceptance), stutter.go
// (stutter invariance), stutterclose.go, sinormal.go, and output.go and
// hoaprops.go (never claim, HOA, DOT).
//
// Limits: at most 64 propositions and 64 eventualities per formula, and a
// work bound (DefaultMaxWork, Options.MaxWork) beyond which the
// translation stops with "formula too large" (TryTranslate);
// simulation and the WDBA construction run only with few propositions
// (truth tables over at most 12, resp. 6, propositions) and bounded sizes.
package ltl
