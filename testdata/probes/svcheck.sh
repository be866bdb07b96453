#!/usr/bin/env bash
# svcheck.sh MODEL.pml : predict pan's "State-vector N byte" for the initial state from
# the rule  v = sizeof(State header+globals); for each queue/process added at start,
# in pan's order: v = roundup(v, 8) + sizeof(struct)  — and print it next to pan's figure.
d=$(mktemp -d); cp "$1" $d/m.pml; cd $d
spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 || { echo spin failed; exit 1; }
# instrument: print each added struct size (j) at depth 0
sed -i 's/^\tvsize += j;$/\tvsize += j; if (depth == 0) fprintf(stderr, "ADD %d\\n", (int) j);/' pan.c
echo '__attribute__((constructor)) static void dbg(void){ fprintf(stderr,"HDR %d\n",(int)(sizeof(State)-VECTORSZ)); }' >> pan.c
gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null || gcc -O2 -DSAFETY -DNOREDUCE -DVECTORSZ=4096 -o pan pan.c
./pan -m100000 > out 2>err
awk '/^HDR/{v=$2} /^ADD/{ if (v%8) v+=8-v%8; v+=$2; n++ } END{printf "predicted-initial=%d items=%d ", v, n}' err
sed -nE 's/^State-vector ([0-9]+) byte.*/pan=\1/p' out
rm -rf $d
