#!/usr/bin/env bash
# par-pan.sh: gospin's parallel searches side by side with pan's on the
# same machine, in the same run (issue 21): for each corpus model, the
# safety_plain configuration (spin -o1 -o2 -o3 -a; gcc -O2 -DSAFETY
# -DNOREDUCE, the row's -m) as
#   pan            one core
#   pan NCORE=N    pan's multi-core depth-first search (-DNCORE=N)
#   pan BFS_PAR    pan's parallel breadth-first search (-DBFS_PAR -uN)
#   gospin -j 1, -j N, -bfs -j 1, -bfs -j N   (-o1 -o2 -o3 -noreduce)
# one run each, in that order. Prints a TSV line per run:
#   model tool wall_s cpu_s rss_kb states load1
# (cpu_s: user + system of the process and the children it waited for;
# pan BFS_PAR's workers are processes of their own that time does not
# see: read its wall time, on a quiet machine). Compilation is not timed.
#
# Usage: scripts/par-pan.sh [-j N] GOSPIN MODEL...
set -u
jobs=2
while getopts j: o; do
	case $o in
	j) jobs=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "usage: $0 [-j N] GOSPIN MODEL..." >&2; exit 2; }
gospin=$(realpath "$1"); shift
corpus=$(realpath "$(dirname "$0")/../../shared/corpus" 2>/dev/null)
[ -d "$corpus" ] || corpus=/work/shared/corpus
tsv=$corpus/expected.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'model\ttool\twall_s\tcpu_s\trss_kb\tstates\tload1\n'
for model in "$@"; do
	m=$(awk -F'\t' -v m="$model" '$1==m && $2=="safety_plain" && $3=="-" {print $22; exit}' "$tsv" | grep -o -- '-m[0-9]*' | head -1)
	m=${m:--m100000}
	(cd "$tmp" && cp "$corpus/models/$model.pml" . && spin -o1 -o2 -o3 -a "$model.pml" >/dev/null &&
		gcc -O2 -DSAFETY -DNOREDUCE -o pan1 pan.c &&
		gcc -O2 -DSAFETY -DNOREDUCE -DNCORE="$jobs" -o pan_ncore pan.c &&
		gcc -O2 -DSAFETY -DNOREDUCE -DBFS_PAR -o pan_bfspar pan.c) >"$tmp/build" 2>&1 ||
		{ echo "par-pan: $model: pan does not build" >&2; cat "$tmp/build" >&2; continue; }
	run() { # tool command...
		local tool=$1 load
		shift
		load=$(cut -d' ' -f1 /proc/loadavg)
		(cd "$tmp" && /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" >"$tmp/out" 2>&1)
		read -r wall user sys rss < <(tail -n 1 "$tmp/time")
		states=$(awk '/states, stored/ {print $1; exit}' "$tmp/out")
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$model" "$tool" "$wall" "$(python3 -c "print('%.2f' % ($user+$sys))")" "$rss" "$states" "$load"
	}
	run pan ./pan1 "$m"
	run "pan NCORE=$jobs" ./pan_ncore "$m"
	run "pan BFS_PAR" ./pan_bfspar "$m" -u"$jobs"
	flags="-o1 -o2 -o3 -noreduce $m"
	run "gospin -j 1" "$gospin" verify $flags -j 1 "$model.pml"
	run "gospin -j $jobs" "$gospin" verify $flags -j "$jobs" "$model.pml"
	run "gospin -bfs -j 1" "$gospin" verify $flags -bfs -j 1 "$model.pml"
	run "gospin -bfs -j $jobs" "$gospin" verify $flags -bfs -j "$jobs" "$model.pml"
done
