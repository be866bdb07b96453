/* with xr/xs, channel operations count as local: they start chains outside atomic */
chan c = [2] of { byte };
active proctype S() { byte a; xs c; a = 1; c!a; a = 2; a = 3; c!a; a = 0 }
active proctype R() { byte b, d; xr c; c?b; d = b; d++; c?b; d = b + d; d = 0 }
