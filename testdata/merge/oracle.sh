#!/usr/bin/env bash
# oracle.sh MODEL.pml... : SPIN's default configuration (statement merging and
# dead-variable reset on) minus partial-order reduction:
#   spin -a M.pml; gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan -m100000
# prints: name stored=N trans=N atomic=N err=N
for f in "$@"; do
  d=$(mktemp -d); cp "$f" $d/m.pml
  ( cd $d && spin -a m.pml >/dev/null 2>&1 && gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null && ./pan -m100000 > out 2>&1
    printf '%s stored=%s trans=%s atomic=%s err=%s\n' "$(basename $f .pml)" \
      "$(sed -nE 's/^ *([0-9]+) states, stored.*/\1/p' out)" \
      "$(sed -nE 's/^ *([0-9]+) transitions.*/\1/p' out)" \
      "$(sed -nE 's/^ *([0-9]+) atomic steps.*/\1/p' out)" \
      "$(sed -nE 's/.*errors: ([0-9]+).*/\1/p' out|head -1)" )
  rm -rf $d
done
