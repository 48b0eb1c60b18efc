// spec: CUDA for, while and do-while loops with per-thread trip counts (threads iterate while any thread's guard holds, predicated)
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[0,0,10,1,1,10,3,2,20,6,2,30]
// why: s = 0 + 1 + … + t = 0, 1, 3, 6. c counts halvings of w = t until 0: t = 0 → 0, 1 → 1,
//   2 → 2 (2, 1, 0), 3 → 2 (3, 1, 0). d: the do-while body runs once before the test, then
//   while d < 10t: t = 0 → 10, 1 → 10, 2 → 20, 3 → 30. out[3t..3t+2] = s, c, d.
__global__ void loops(int *out) {
  int t = threadIdx.x;
  int s = 0;
  for (int i = 0; i <= t; i++) s += i;
  int w = t, c = 0;
  while (w > 0) {
    w = w / 2;
    c++;
  }
  int d = 0;
  do {
    d += 10;
  } while (d < t * 10);
  out[3 * t] = s;
  out[3 * t + 1] = c;
  out[3 * t + 2] = d;
}
