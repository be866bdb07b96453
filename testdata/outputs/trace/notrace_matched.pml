/* a notrace sequence matched to its end is an error ("all events matched") */
chan c = [2] of { byte };
active proctype S() { c!1; c!2; c!1; c!2 }
active proctype R() { byte x; end: do :: c?x od }
notrace { c!1; c!2; c!1 }
