#!/bin/sh
# expect.sh: prints pan -d's transitions of each model given as
#   model proctype from to
# (SPIN 6.5.2, spin -o1 -o2 -o3 -a; the numbers are pan's state numbers).
# Regenerate expected.txt with: ./expect.sh *.pml > expected.txt
d=$(mktemp -d)
for f in "$@"; do
	cp "$f" "$d/m.pml"
	( cd "$d" && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 && gcc -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null ) || { echo "# $f: spin failed"; continue; }
	(cd "$d" && ./pan -d) | awk -v m="$(basename "${f%.pml}")" '/^proctype /{p=$2} /^init/{p=":init:"} /^claim /{p="SKIP"} /state .* -\(tr/{ if (p!="SKIP") print m" "p" "$2" "$6 }'
	rm -f "$d"/*
done
rm -rf "$d"
