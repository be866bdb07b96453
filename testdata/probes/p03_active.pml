active proctype A() { skip }
