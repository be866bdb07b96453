#!/usr/bin/env bash
# par-bench.sh: speed-up of `gospin verify -j N` over `-j 1` on corpus
# rows (issue 21: at least 1.7x with -j 2 on the five largest
# safety_plain rows). Each model runs with -j 1 and -j N alternately,
# RUNS times each, under /usr/bin/time, with the row's settings
# (safety_plain: -o1 -o2 -o3 -noreduce and the row's -m; safety_noreduce:
# -o3 -noreduce; safety: gospin's defaults, reduced; safety_bfs: -bfs;
# acc: -a and the row's -N; acc_noreduce: -a -noreduce; np: -l;
# np_noreduce: -l -noreduce; each with the
# row's -m). Prints one TSV line per run:
#   model config workers run wall_s user_s sys_s rss_kb states transitions load1
# then per model the medians and the two ratios:
#   model config "median" wall(-j1) wall(-jN) wall_ratio cpu(-j1) cpu(-jN) cpu_ratio
# wall_ratio = wall(-j 1) / wall(-j N), the speed-up; cpu_ratio =
# (user+sys)(-j 1) / (user+sys)(-j N): 1.0 means N workers do no more work
# than one, so on N idle cores the speed-up would be about N x cpu_ratio.
# On a loaded machine read cpu_ratio (and the load average, last column);
# wall_ratio is the figure on a quiet one.
#
# Usage: scripts/par-bench.sh [-n RUNS] [-j N] [-c CONFIG] GOSPIN [MODEL...]
#   without MODEL: the five largest complete rows of CONFIG (safety_plain)
#   in ../shared/corpus/expected.tsv (rk_dijkstraN, beem_iprotocol4,
#   rk_dekkerN, cd_rw_mon, beem_at4 today); a MODEL is a model's name, or
#   name:property for a row with an ltl property (acc: rk_peterson_filterN:mutex,
#   rk_dekkerN:mutex, rk_dijkstraN:mutex, train:c1, ltsmin_peterson3 by
#   default). Minutes per model; not part of any test. Exits 1 when a run's
#   states or transitions differ between -j 1 and -j N (a complete
#   unreduced search must store the same).
set -u
runs=3 jobs=2 config=safety_plain
while getopts n:j:c: o; do
	case $o in
	n) runs=$OPTARG ;;
	j) jobs=$OPTARG ;;
	c) config=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n RUNS] [-j N] [-c CONFIG] GOSPIN [MODEL...]" >&2; exit 2; }
gospin=$(realpath "$1"); shift
corpus=$(realpath "$(dirname "$0")/../../shared/corpus" 2>/dev/null)
[ -d "$corpus" ] || corpus=/work/shared/corpus
tsv=$corpus/expected.tsv
if [ $# -eq 0 ]; then
	set -- $(awk -F'\t' -v c="$config" '$2==c && $18=="yes" && ($3=="-" || c ~ /^acc/) {print $8 "\t" $1 ($3=="-" ? "" : ":" $3)}' "$tsv" | sort -k1,1nr | head -5 | cut -f2)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.3f\n", (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('%.2f' % (a/b) if b>0 else '-')" "$1" "$2"; }
status=0
printf 'model\tconfig\tworkers\trun\twall_s\tuser_s\tsys_s\trss_kb\tstates\ttransitions\tload1\n'
for row in "$@"; do
	model=${row%%:*} prop=-
	[ "$row" != "$model" ] && prop=${row#*:}
	m=$(awk -F'\t' -v m="$model" -v c="$config" -v p="$prop" '$1==m && $2==c && $3==p {print $22; exit}' "$tsv" | grep -o -- '-m[0-9]*' | head -1)
	m=${m:--m100000}
	n=""
	[ "$prop" != - ] && n="-N $prop"
	case $config in
	safety_plain) flags="-o1 -o2 -o3 -noreduce $m" ;;
	safety_noreduce) flags="-o3 -noreduce $m" ;;
	safety) flags="$m" ;;
	safety_bfs) flags="-bfs $m" ;;
	acc) flags="-a $n $m" ;;
	acc_noreduce) flags="-a -noreduce $n $m" ;;
	np) flags="-l $m" ;;
	np_noreduce) flags="-l -noreduce $m" ;;
	*) echo "par-bench: config $config: want safety_plain, safety_noreduce, safety, safety_bfs, acc, acc_noreduce, np or np_noreduce" >&2; exit 2 ;;
	esac
	model=${row/:/_}
	: >"$tmp/$model.1" ; : >"$tmp/$model.N"
	for r in $(seq 1 "$runs"); do
		for j in 1 "$jobs"; do
			load=$(cut -d' ' -f1 /proc/loadavg)
			/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$gospin" verify -notrail $flags -j "$j" "$corpus/models/${row%%:*}.pml" >"$tmp/out" 2>&1
			# the last line: time writes "Command exited with non-zero
			# status N" first when gospin finds an error (exit 1)
			read -r wall user sys rss < <(tail -n 1 "$tmp/time")
			states=$(awk '/states, stored/ {print $1; exit}' "$tmp/out")
			trans=$(awk '/transitions \(= stored\+matched\)/ {print $1; exit}' "$tmp/out")
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$model" "$config" "$j" "$r" "$wall" "$user" "$sys" "$rss" "$states" "$trans" "$load"
			k=N; [ "$j" = 1 ] && k=1
			echo "$wall $(python3 -c "print('%.2f' % ($user+$sys))") $states $trans" >>"$tmp/$model.$k"
		done
	done
	w1=$(cut -d' ' -f1 "$tmp/$model.1" | median); wN=$(cut -d' ' -f1 "$tmp/$model.N" | median)
	c1=$(cut -d' ' -f2 "$tmp/$model.1" | median); cN=$(cut -d' ' -f2 "$tmp/$model.N" | median)
	printf '%s\t%s\tmedian\t%s\t%s\t%s\t%s\t%s\t%s\n' "$model" "$config" "$w1" "$wN" "$(ratio "$w1" "$wN")" "$c1" "$cN" "$(ratio "$c1" "$cN")"
	case $config in safety | safety_bfs | acc | np) continue ;; esac # reduced: the states may differ
	if [ "$(cut -d' ' -f3,4 "$tmp/$model.1" "$tmp/$model.N" | sort -u | wc -l)" != 1 ]; then
		echo "par-bench: $model: states or transitions differ between -j 1 and -j $jobs" >&2
		status=1
	fi
done
exit $status
