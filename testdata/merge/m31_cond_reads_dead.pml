/* a variable read by a condition or a receive is reset when dead after it */
chan c = [1] of { byte };
active proctype P() { byte a, b; c!3; c?a; a > 2 -> b = a; b > 0; printf("x\n"); a = 7; a == 7; skip }
