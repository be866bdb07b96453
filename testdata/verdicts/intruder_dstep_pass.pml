/* An intruder whose receives open d_steps (as in Needham-Schroeder models): each d_step
 * takes a handshake on the rendezvous channel net or a message of buf. Here A and B
 * wait for their ack at end labels: no error.
 * SPIN 6.5.2: spin -o1 -o2 -o3 -a intruder_dstep_pass.pml
 *   gcc -DSAFETY -DNOREDUCE -DVECTORSZ=100000 -o pan pan.c; ./pan -m100000
 * pan: 24 states stored, 31 transitions, errors: 0
 */
mtype = { msg1, msg2, ack };
chan net = [0] of { mtype, byte };
chan buf = [2] of { mtype, byte };
byte got1, got2, seen;
active proctype A() { net ! msg1, 1; net ! msg2, 2; end: buf ? ack, _ }
active proctype B() { net ! msg2, 3; end: buf ? ack, _ }
active proctype I() {
  mtype m; byte d;
end:
  do
  :: d_step { net ? m, d; if :: m == msg1 -> got1++ :: else -> got2++ fi; seen = d }
  :: d_step { buf ? m, d; m = 0 }
  :: atomic { got1 + got2 == 3 -> buf ! ack, 0; buf ! ack, 0; got2 = 0 }
  od
}
