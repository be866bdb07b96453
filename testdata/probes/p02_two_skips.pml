init { skip; skip }
