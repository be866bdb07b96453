// want: 3:21: error: invalid assignment to channel parameter c of Q: a number is not a channel
proctype Q(chan c) { c!1 }
init { int x; run Q(x) }
