/* the system stops (S done, R at an end label) with the trace in the middle of its loop: pan prints "event_trace not completed" and reports an invalid end state */
chan c = [2] of { byte };
active proctype S() { c!1; c!2; c!1 }
active proctype R() { byte x; end: do :: c?x od }
trace { do :: c!1; c?1; c!2; c?2 od }
