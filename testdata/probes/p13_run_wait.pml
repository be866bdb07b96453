proctype P() { skip }
init { run P() ; run P() }
