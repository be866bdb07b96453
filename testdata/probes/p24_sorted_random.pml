chan c = [3] of { byte };
byte r;
init { c!!3; c!!1; c!!2; c??r; c?<r>; c?[2] -> r = 9 }
