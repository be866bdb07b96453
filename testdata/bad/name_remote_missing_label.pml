// want: 3:15: error: proctype P has no label nolabel
active proctype P() { here: skip }
ltl p1 { <> P@nolabel }
