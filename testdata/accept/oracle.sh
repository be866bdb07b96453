#!/bin/sh
# oracle.sh MODEL.pml [PROPERTY...]: prints the `// pan:` lines of a probe,
# SPIN 6.5.2's safety_plain figures (every optimization off):
#   spin -o1 -o2 -o3 -a m.pml
#   gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c
#   ./pan -m100000 [-N PROPERTY]
# one line for the model's default run and one per PROPERTY (ltl name),
# then SPIN's own messages (`// spin says:`), if any.
f=$1; shift
d=$(mktemp -d)
cp "$f" "$d/m.pml"
cd "$d" || exit 1
msg=$(spin -o1 -o2 -o3 -a m.pml 2>&1 | grep -v '^ltl \|never claims\|only one claim\|choose which one\|or use e.g.')
gcc -O0 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null || { echo "// spin failed: $msg"; exit 1; }
line() {
	out=$(./pan -m100000 "$@" 2>&1)
	st=$(echo "$out" | awk '/states, stored/{print $1}')
	tr=$(echo "$out" | awk '/transitions \(= stored/{print $1}')
	er=$(echo "$out" | awk '/errors:/{print $NF}')
	echo "states=$st transitions=$tr errors=$er"
}
echo "// pan: $(line)"
for n in "$@"; do
	echo "// pan -N $n: $(line -N "$n")"
done
[ -n "$msg" ] && echo "$msg" | sed 's|^|// spin says: |'
cd / && rm -rf "$d"
