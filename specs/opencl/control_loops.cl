// spec: OpenCL for with continue and break, while, do-while: per-thread trip counts, no barrier
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[1001,911,812,723]
// why: s: j runs 0..4 (break when j > 4, at j = 5), skipping j == i (continue): 10 - i for
//   i = 0..3 → 10, 9, 8, 7. steps: n = i, n -= 2 while n > 0: i = 0 → 0, 1 → 1, 2 → 1, 3 → 2.
//   d: the do-while body runs once before the test d < i: i = 0 → 1, 1 → 1, 2 → 2, 3 → 3.
//   out = 100 s + 10 steps + d = 1001, 911, 812, 723.
__kernel void loops(__global int *out) {
  int i = get_local_id(0);
  int s = 0;
  for (int j = 0; j < 10; j++) {
    if (j == i)
      continue;
    if (j > 4)
      break;
    s += j;
  }
  int n = i;
  int steps = 0;
  while (n > 0) {
    n -= 2;
    steps++;
  }
  int d = 0;
  do {
    d++;
  } while (d < i);
  out[i] = 100 * s + 10 * steps + d;
}
