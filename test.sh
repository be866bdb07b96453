#!/usr/bin/env bash
# The project's test command (the README's, and what .ci/run runs):
#
#     ./test.sh            every default test, about five minutes on two cores
#     ./test.sh -short     skips the corpus searches
#
# Extra arguments go to `go test` (for example -run, -v, -count=1).
# Long runs are opt-in: GOSPIN_LONG=1 runs the whole corpus (every row,
# also those over 1.5 million states, GOSPIN_CONFORMANCE_ALL=1) with a longer
# timeout; GOSPIN_RACE=1 first runs the parallel search's packages (parsearch,
# store, and the parallel random differentials) under the race detector; the
# long random differential runs take flags of their own (the README's "Tests"
# section lists them).
set -euo pipefail
cd "$(dirname "$0")"

# Say what will be skipped, where a person (or CI's log) can see it: go test
# shows nothing of a passing package's output.
if [ -d ../shared/corpus ]; then
	echo "test.sh: corpus found at ../shared/corpus: conformance tests run"
else
	echo "test.sh: NOTE: ../shared/corpus is absent: the conformance tests over it are skipped"
fi
if command -v spin >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
	echo "test.sh: spin and gcc found: the tests that run SPIN side by side run"
else
	echo "test.sh: NOTE: spin or gcc is not installed: the tests that run SPIN side by side are skipped"
fi
if [ -n "${GOSPIN_LONG:-}" ]; then
	export GOSPIN_CONFORMANCE_ALL=1
	timeout=90m
else
	timeout=12m
fi

# every Go file gofmt-formatted
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "test.sh: not gofmt-formatted (run gofmt -w):" >&2
	echo "$unformatted" >&2
	exit 1
fi
go vet ./...
# gospin must build for the browser (GOOS=js) and WASI too: type-check the
# binary for both (a Linux-only system call outside a build-tagged file
# breaks them).
GOOS=js GOARCH=wasm go vet ./cmd/gospin/
GOOS=wasip1 GOARCH=wasm go vet ./cmd/gospin/
# the playground's engine (playground/build.sh builds it)
GOOS=js GOARCH=wasm go vet ./cmd/gospin-wasm/
if [ -n "${GOSPIN_RACE:-}" ]; then
	go test -race -short -timeout 20m ./parsearch/ ./store/
	go test -race -short -timeout 20m -run 'Parallel' ./internal/randmodel/
fi
exec go test -timeout "$timeout" "$@" ./...
