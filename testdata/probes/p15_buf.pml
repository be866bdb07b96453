chan c = [1] of { byte };
active proctype S() { c!1; c!2 }
active proctype R() { byte v; c?v; c?v }
