/* after a sorted send pan compares the channel's newest (last) slot, not the message just inserted: a!!1 in front of 3 is seen as a!3 */
chan a = [3] of { byte };
active proctype P() { a!3; a!!1; a?_; a?_ }
trace { a!3; a!3; a?1; a?3 }
