// want: 2:29: error: break outside a do loop or for
active proctype P() { skip; break }
