// want: 2:12: error: undefined proctype Missing
init { run Missing() }
