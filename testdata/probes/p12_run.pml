proctype P() { skip }
init { run P(); skip }
