/* a do with one option, as the first statement of an option: its loop
   head is the do element, where merging stops */
active proctype P() { byte a, b;
  if
  :: b == 0 -> do :: a < 3 -> a = a + 1; b = a :: a >= 3 -> break od
  fi;
  if
  :: true -> do :: a = (a + 1) % 8; b = a od
  fi
}
