// want: 3:24: warning: message type mismatch on channel q: {chan X1} vs {int} (chan X1 vs int)
chan q = [1] of { chan };
active proctype P() { q!5 }
