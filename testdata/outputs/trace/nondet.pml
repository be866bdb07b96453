/* two options of the trace take the same event: pan's "non-determinism in event-trace" */
chan a = [1] of { byte };
active proctype P() { a!1; a?_ }
trace { if :: a!1 :: a!_ fi; a?1 }
