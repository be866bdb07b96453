active [2] proctype A() { skip }
