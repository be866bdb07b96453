chan c = [0] of { byte };
active proctype S() { c!1 }
active proctype R() { byte v; c?v }
