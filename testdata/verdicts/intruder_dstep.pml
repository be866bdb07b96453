/* An intruder whose receives open d_steps (as in Needham-Schroeder models): each d_step
 * takes a handshake on the rendezvous channel net or a message of buf. A and B end
 * blocked on buf, an invalid end state that pan finds after 16 states.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a intruder_dstep.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 16 states stored, 18 transitions, errors: 1 ("invalid end state")
 */
mtype = { msg1, msg2, ack };
chan net = [0] of { mtype, byte };
chan buf = [2] of { mtype, byte };
byte got1, got2, seen;
active proctype A() { net ! msg1, 1; net ! msg2, 2; buf ? ack, _ }
active proctype B() { net ! msg2, 3; buf ? ack, _ }
active proctype I() {
  mtype m; byte d;
end:
  do
  :: d_step { net ? m, d; if :: m == msg1 -> got1++ :: else -> got2++ fi; seen = d }
  :: d_step { buf ? m, d; m = 0 }
  :: atomic { got1 + got2 == 3 -> buf ! ack, 0; buf ! ack, 0 }
  od
}
