// Command sidebyside benchmarks gospin against SPIN on the same Promela
// models in one run.
//
// For each model it compiles and runs SPIN's verifier (spin -a, gcc, ./pan)
// and runs `gospin verify`, each in a fresh temporary directory, measuring
// wall time, CPU time and peak RSS of every step, and prints per model the
// states, times, states per second, memory per stored state and the
// gospin/SPIN ratios, then a summary with the project's speed and memory
// targets. See bench/README.md.
//
// Usage:
//
//	go run ./bench/sidebyside [flags] model.pml...
//	go run ./bench/sidebyside -corpus ../shared/corpus/models -top 10
//	go run ./bench/sidebyside -corpus ../shared/corpus/models -config safety,acc -models cd_matrix,beem_at4
package main
