#!/usr/bin/env bash
# layout.sh MODEL.pml : show pan's C layout for a model (safety_plain build):
# the State header+globals size, sizeof each process/queue struct, the order in
# which processes and queues are added (pan -DV_TRIX), and the reported State-vector.
d=$(mktemp -d); cp "$1" $d/m.pml; cd $d
spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 || { echo spin failed; exit 1; }
np=$(grep -c '^typedef struct P[0-9]' pan.h); nq=$(grep -c '^typedef struct Q[1-9]' pan.h)
{ cat pan.c; echo '__attribute__((constructor)) static void dbg(void){ fprintf(stderr,"hdr+globals=%d", (int)(sizeof(State)-VECTORSZ));'
  for ((i=0;i<np;i++)); do echo " fprintf(stderr,\" P$i=%d\",(int)sizeof(P$i));"; done
  for ((i=1;i<=nq;i++)); do echo " fprintf(stderr,\" Q$i=%d\",(int)sizeof(Q$i));"; done
  echo ' fprintf(stderr,"\n"); }'; } > x.c
gcc -O2 -DSAFETY -DNOREDUCE -DV_TRIX -o x x.c 2>/dev/null && ./x -m100000 2>&1 | grep -E 'hdr|add |State-vector' | head -40
awk '/^typedef struct State/,/^} State/' pan.h | grep -vE '^#|^\s*#|_nr_pr|_nr_qs|_a_t|_cnt|_vsz|_last|_ctx|_l_bnd|_l_sds|_event|_ids_|sv\[VEC|\{|^}'
awk '/^typedef struct P[0-9]/,/^} P[0-9]/' pan.h | grep -vE '#|_pid|_t |_p |_priority'
rm -rf $d
