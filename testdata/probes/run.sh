#!/usr/bin/env bash
# run.sh PROBE.pml... : run SPIN's safety_plain configuration on each probe and print
# name, errors, stored, matched, transitions, atomic steps, depth, state-vector bytes.
for f in "$@"; do
  d=$(mktemp -d); cp "$f" $d/m.pml
  ( cd $d && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 && gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null && ./pan -m100000 > out 2>&1
    printf '%-22s err=%s stored=%s matched=%s trans=%s atomic=%s depth=%s sv=%s %s\n' "$(basename $f .pml)" \
      "$(sed -nE 's/.*errors: ([0-9]+).*/\1/p' out|head -1)" \
      "$(sed -nE 's/^ *([0-9]+) states, stored.*/\1/p' out)" \
      "$(sed -nE 's/^ *([0-9]+) states, matched.*/\1/p' out)" \
      "$(sed -nE 's/^ *([0-9]+) transitions.*/\1/p' out)" \
      "$(sed -nE 's/^ *([0-9]+) atomic steps.*/\1/p' out)" \
      "$(sed -nE 's/.*depth reached ([0-9]+).*/\1/p' out|head -1)" \
      "$(sed -nE 's/^State-vector ([0-9]+) byte.*/\1/p' out)" \
      "$(grep -m1 -E '^pan:[0-9]+:' out)" )
  rm -rf $d
done
