// want: 4:52: warning: channel types differ in assignment to c: chan{int} vs chan{bool, bool} ({int} vs {bool, bool})
chan a = [1] of { int };
chan b = [1] of { bool, bool };
active proctype P() { chan c, d; c = a; d = b; c = d }
