mtype = { a, b };
int i1; byte arr[3]; bool q1; unsigned u : 5; mtype m; short sa[2]; pid p; byte z; bit bb[2];
chan g = [2] of { byte, int };
proctype P(byte x) { chan lc = [1] of { bit }; int w; x = 1 }
init { byte y; run P(3); y = 1 }
