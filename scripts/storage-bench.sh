#!/usr/bin/env bash
# storage-bench.sh: bytes per stored state of gospin's storage modes
# (exact, tree, hc 64-bit, bitstate) side by side with pan's default,
# -DCOLLAPSE, -DHC4 and -DBITSTATE, on safety_plain corpus rows (spin -o1
# -o2 -o3 -a, gcc -O2 -DSAFETY -DNOREDUCE, pan's -m of the row). hc gets
# the memory pan's -DHC4 used for its store (hash table and states),
# bitstate pan's -w27 (16 MB) and -k 3.
#
# A bitstate run's count depends on its hash functions, so with SEEDS=S
# (default 1) the bitstate runs are repeated with S hash functions each:
# gospin -hashseed 0..S-1 and pan -h0..-h(S-1) (pan's hash polynomials).
#
# Prints one TSV line per model, tool, mode and seed:
#   model tool mode seed stored store_bytes store_B_per_state rss_kb
#   rss_B_per_state user_s load1
# (load1: the machine's one-minute load average when the run ended). A
# run that exits non-zero (an incomplete search: priorities, a chain SPIN
# too cuts at its depth limit) still gives its row.
# Usage: [SEEDS=S] scripts/storage-bench.sh GOSPIN MODEL... (long: minutes
# per model; not part of any test).
set -u
gospin=$(realpath "$1"); shift
seeds=${SEEDS:-1}
corpus=$(realpath "$(dirname "$0")/../../shared/corpus" 2>/dev/null)
[ -d "$corpus" ] || corpus=/work/shared/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@"; }
per() { python3 -c "import sys; s=float(sys.argv[2] or 0); print('%.2f' % (float(sys.argv[1])/s) if s>0 else '-')" "$1" "$2"; }
load1() { cut -d' ' -f1 /proc/loadavg; }
for model in "$@"; do
	m=$(awk -F'\t' -v m="$model" '$1==m && $2=="safety_plain" {for(i=1;i<=NF;i++) if ($i ~ /^\.\/pan/) print $i}' "$corpus/expected.tsv" | grep -o -- '-m[0-9]*' | head -1)
	m=${m:--m100000}
	cp "$corpus/models/$model.pml" "$tmp/m.pml"
	(cd "$tmp" && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1)
	hcmem=0
	for d in DEFAULT COLLAPSE HC4 BITSTATE; do
		def=""; [ $d != DEFAULT ] && def="-D$d"
		(cd "$tmp" && gcc -O2 -DSAFETY -DNOREDUCE $def -o pan pan.c 2>/dev/null)
		n=1; [ $d = BITSTATE ] && n=$seeds
		for ((s = 0; s < n; s++)); do
			(cd "$tmp" && /usr/bin/time -f '%M %U' -o time.txt ./pan $m -h$s >out.txt 2>&1)
			read -r rss user < <(tail -1 "$tmp/time.txt")
			stored=$(awk '/states, stored/ {print $1; exit}' "$tmp/out.txt")
			st=$(awk '/actual memory usage for states/ {print $1; exit}' "$tmp/out.txt")
			ht=$(awk '/memory used for hash (table|array)/ {print $1; exit}' "$tmp/out.txt")
			bytes=$(python3 -c "print(int((float('${st:-0}')+float('${ht:-0}'))*1048576))")
			[ $d = HC4 ] && [ $s = 0 ] && hcmem=$bytes
			row "$model" pan "$d" "$s" "$stored" "$bytes" "$(per "$bytes" "$stored")" "$rss" "$(per $((rss * 1024)) "$stored")" "$user" "$(load1)"
		done
	done
	for mode in exact tree hc bitstate; do
		extra=""
		[ $mode = hc ] && extra="-mem $hcmem"
		[ $mode = bitstate ] && extra="-mem 16MB -k 3"
		n=1; [ $mode = bitstate ] && n=$seeds
		for ((s = 0; s < n; s++)); do
			(cd "$tmp" && /usr/bin/time -f '%M %U' -o time.txt "$gospin" verify -json -noprogress -notrail -n -noreduce -o1 -o2 -o3 -DSAFETY $m -store $mode -hashseed $s $extra m.pml >out.json 2>err.txt)
			read -r rss user < <(tail -1 "$tmp/time.txt")
			python3 - "$model" "$mode" "$s" "$rss" "$user" "$(load1)" "$tmp/out.json" <<'PY'
import json, sys
model, mode, seed, rss, user, load, path = sys.argv[1:]
try:
    p = json.load(open(path))["properties"][0]
    n, b = p["states_stored"], p["storage"]["bytes"]
except Exception as e:  # a run that failed: say so in the row
    print("\t".join([model, "gospin", mode, seed, "error: %s" % e, "-", "-", rss, "-", user, load]))
    sys.exit(0)
per = lambda x: "%.2f" % (x / n) if n else "-"
print("\t".join(map(str, [model, "gospin", mode, seed, n, b, per(b), rss, per(int(rss) * 1024), user, load])))
PY
		done
	done
done
