/* P sends a!1, b!2, a!3 while Q receives: b is not in the trace's scope; in the first schedule pan explores Q takes a!1 before a!3 is sent, and the trace wants a!3 next (no matching event) */
chan a = [2] of { byte }; chan b = [2] of { byte };
active proctype P() { a!1; b!2; a!3 }
active proctype Q() { byte x; end: do :: a?x :: b?x od }
trace { a!1; a!3; end: do :: a?_ od }
