typedef W { chan u = [0] of {int}; chan w = [0] of {int}; int C = 0 }
proctype Mon(W wg) { do :: wg.u?_ -> wg.C++ :: wg.C == 0 -> wg.w!0 od }
proctype User(W h) { h.u!1; h.w?0 }
init { W x; run Mon(x); run User(x) }
