#!/usr/bin/env bash
# corpus.sh: for every corpus model with a complete safety_noreduce row of
# fewer than 300000 states in expected.tsv, run SPIN's default configuration
# minus partial-order reduction (statement merging and dead-variable reset
# on), with the row's pan options, and print one line per model:
#   model stored transitions atomic errors | spin -a M.pml; gcc ...; ./pan ...
C=${CORPUS:-/work/shared/corpus}
echo "# SPIN 6.5.2, merged configuration: spin -a M.pml; gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c; ./pan <row's options>"
echo "# model stored transitions atomic-steps errors claim | commands"
awk -F'\t' 'NR==1{for(i=1;i<=NF;i++)c[$i]=i;next} $c["config"]=="safety_noreduce" && $c["complete"]=="yes" && $c["states_stored"]+0<300000 {print $c["model"] "\t" $c["claim"] "\t" $c["pan_cmd"]}' $C/expected.tsv |
while IFS=$'\t' read -r m claim pancmd; do
  d=$(mktemp -d); cp $C/models/$m.pml $d/; cp $C/models/*.h $d/ 2>/dev/null
  ( cd $d && spin -a $m.pml >/dev/null 2>&1 && gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>/dev/null && $pancmd > out 2>&1
    printf '%s %s %s %s %s %s | spin -a %s.pml; gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c; %s\n' "$m" \
      "$(sed -nE 's/^ *([0-9]+) states, stored.*/\1/p' out)" \
      "$(sed -nE 's/^ *([0-9]+) transitions.*/\1/p' out)" \
      "$(sed -nE 's/^ *([0-9]+) atomic steps.*/\1/p' out)" \
      "$(sed -nE 's/.*errors: ([0-9]+).*/\1/p' out|head -1)" "$claim" "$m" "$pancmd" )
  rm -rf $d
done
