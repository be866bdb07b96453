#!/usr/bin/env bash
# omission-bench.sh: the omission analysis against reality. For each
# safety_plain corpus row (SPIN's state count N known), gospin runs with
# a deliberately small lossy store: bitstate -k 3 with N bytes (8 bits per
# state) and hash compaction with 12-bit signatures in 2N cells (half
# full). Prints one TSV line per model and mode:
#   model N mode mem stored missing expected_omitted probability_any
# where missing = N - stored counts the states omitted and those reached
# only through them; expected_omitted is the run's own estimate.
# Usage: scripts/omission-bench.sh GOSPIN MODEL...
set -u
gospin=$(realpath "$1"); shift
corpus=/work/shared/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for model in "$@"; do
	n=$(awk -F'\t' -v m="$model" '$1==m && $2=="safety_plain" {print $8}' "$corpus/expected.tsv")
	m=$(awk -F'\t' -v m="$model" '$1==m && $2=="safety_plain" {print $22}' "$corpus/expected.tsv" | grep -o -- '-m[0-9]*' | head -1)
	cp "$corpus/models/$model.pml" "$tmp/m.pml"
	for mode in bitstate hc; do
		if [ $mode = bitstate ]; then
			mem=$n; flags="-store bitstate -k 3 -mem $mem"
		else
			mem=$((2 * n * 12 / 8)); flags="-store hc -hcbits 12 -mem $mem"
		fi
		(cd "$tmp" && "$gospin" verify -json -noprogress -notrail -n -noreduce -o1 -o2 -o3 -DSAFETY ${m:--m100000} $flags m.pml >out.json 2>err.txt)
		python3 - "$model" "$n" "$mode" "$mem" "$tmp/out.json" <<'PY'
import json, sys
model, n, mode, mem, path = sys.argv[1:]
p = json.load(open(path))["properties"][0]
s = p["states_stored"]
o = p["omission"]
print("\t".join([model, n, mode, mem, str(s), str(int(n) - s), "%.1f" % o["expected_omitted"], "%.3g" % o["probability_any"]]))
PY
	done
done
