#!/bin/sh
# oracle.sh M.pml...: prints "name config stored transitions errors" for
# each model in three configurations of SPIN 6.5.2 (spin, then
#   gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000):
#   plain     spin -o1 -o2 -o3 -a   (every optimization off)
#   noreduce  spin -o3 -a           (dead-variable reset on, no merging)
#   default   spin -a               (dead-variable reset and merging)
# pan stops at the first error, as it does by default.
# Regenerate expected.txt with: ./oracle.sh *.pml > expected.txt
d=$(mktemp -d)
echo "# SPIN 6.5.2, made by oracle.sh: name config stored transitions errors"
for f in "$@"; do
	n=$(basename "${f%.pml}")
	for cfg in plain noreduce default; do
		case $cfg in
		plain) o="-o1 -o2 -o3" ;;
		noreduce) o="-o3" ;;
		default) o="" ;;
		esac
		cp "$f" "$d/m.pml"
		( cd "$d" && spin $o -a m.pml >/dev/null 2>&1 && gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null ) || { echo "# $n $cfg: spin failed"; continue; }
		out=$(cd "$d" && ./pan -m100000 2>&1)
		st=$(echo "$out" | awk '/states, stored/{print $1}')
		tr=$(echo "$out" | awk '/transitions \(/{print $1}')
		er=$(echo "$out" | awk '/errors:/{print $NF}')
		echo "$n $cfg $st $tr $er"
	done
done
rm -rf "$d"
