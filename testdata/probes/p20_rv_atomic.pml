chan c = [0] of { byte };
byte y;
active proctype S() { atomic { c!1; y = 1 } }
active proctype R() { byte v; atomic { c?v; y = 2 } }
