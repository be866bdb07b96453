#!/bin/sh
# oracle.sh: prints "name stored transitions errors message" for each model
# given, as SPIN 6.5.2's pan counts them in safety_plain (spin -o1 -o2 -o3
# -a; gcc -DSAFETY -DNOREDUCE; pan -m100000, stopping at the first error),
# message being pan's first error line without "pan:1: " and the depth
# ("-" when none). -DVECTORSZ=100000 lets too_many_procs reach its error.
# Regenerate expected.txt with: ./oracle.sh *.pml > expected.txt
d=$(mktemp -d)
for f in "$@"; do
	cp "$f" "$d/m.pml"
	( cd "$d" && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 && gcc -O2 -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c 2>/dev/null ) || { echo "# ${f%.pml}: spin failed"; continue; }
	out=$(cd "$d" && ./pan -m100000 2>&1)
	st=$(echo "$out" | awk '/states, stored/{print $1}')
	tr=$(echo "$out" | awk '/transitions \(/{print $1}')
	er=$(echo "$out" | awk '/errors:/{print $NF}')
	msg=$(echo "$out" | sed -n 's/^pan:1: \(.*\) (at depth [0-9]*)$/\1/p' | head -1)
	echo "$(basename "${f%.pml}") $st $tr $er ${msg:--}"
done
rm -rf "$d"
