init { skip }
