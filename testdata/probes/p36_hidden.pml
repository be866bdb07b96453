hidden byte h; byte x;
init { h = 5; x = h; _ = 3 }
