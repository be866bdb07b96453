#!/bin/sh
# oracle.sh: prints, for each model given, what SPIN 6.5.2's pan reports
# under safety_plain (spin -o1 -o2 -o3 -a; gcc -DSAFETY -DNOREDUCE;
# pan -m100000, stopping at the first error):
#   name stored matched transitions atomic_steps errors | first error line
# Regenerate expected.txt with: ./oracle.sh *.pml > expected.txt
d=$(mktemp -d)
for f in "$@"; do
	cp "$f" "$d/m.pml"
	( cd "$d" && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 && gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null ) || { echo "# ${f%.pml}: spin failed"; continue; }
	out=$(cd "$d" && ./pan -m100000 2>&1)
	st=$(echo "$out" | awk '/states, stored/{print $1}')
	ma=$(echo "$out" | awk '/states, matched/{print $1}')
	tr=$(echo "$out" | awk '/transitions/{print $1}')
	at=$(echo "$out" | awk '/atomic steps/{print $1}')
	er=$(echo "$out" | awk '/errors:/{print $NF}')
	msg=$(echo "$out" | grep -E '^pan:1: ' | head -1 | sed 's/^pan:1: //')
	echo "$(basename "${f%.pml}") $st $ma $tr ${at:-0} $er | $msg"
	rm -f "$d"/*
done
rm -rf "$d"
