byte n;
proctype W(byte k) { chan l = [1] of {byte}; l!k; l?_; n = n + k }
init {
  run W(1); run W(2);
  atomic { run W(3) };
  _nr_pr == 1 -> n = 0
}
