// want: 4:42: warning: channel types differ in assignment to c: chan{int} vs chan{int, bool} ({int} vs {int, bool})
chan a = [1] of { int };
chan b = [1] of { int, bool };
active proctype P() { chan c; c = a; c = b }
