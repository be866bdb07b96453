#!/bin/sh
# oracle.sh: prints "name stored transitions atomic_steps errors" for each
# model given, as SPIN 6.5.2 counts them with every optimization off and
# the end-state and assertion checks off (pan -E -A), so that the search is
# always complete. Regenerate expected.txt with:
#   ./oracle.sh *.pml > expected.txt
d=$(mktemp -d)
for f in "$@"; do
	cp "$f" "$d/m.pml"
	( cd "$d" && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 && gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null ) || { echo "# ${f%.pml}: spin failed"; continue; }
	out=$(cd "$d" && ./pan -m100000 -E -A 2>&1)
	st=$(echo "$out" | awk '/states, stored/{print $1}')
	tr=$(echo "$out" | awk '/transitions/{print $1}')
	at=$(echo "$out" | awk '/atomic steps/{print $1}')
	er=$(cd "$d" && ./pan -m100000 2>&1 | awk '/errors:/{print $NF}')
	echo "$(basename "${f%.pml}") $st $tr ${at:-0} $er"
done
rm -rf "$d"
