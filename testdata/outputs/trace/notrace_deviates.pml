/* a notrace sequence: the first event that does not match ends it (it can no longer fail), so this model passes */
chan a = [2] of { byte };
active proctype P() { a!1; a!2; a?_; a?_; a!1; a!1 }
notrace { a!1; a!1 }
