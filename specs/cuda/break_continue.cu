// spec: CUDA break and continue in a for loop, per thread: continue skips odd i, break leaves when i > 2t
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[0,2,6,12]
// why: sum of even i with i ≤ 2t, stopping at the first even i > 2t: t = 0: 0 (breaks at 2);
//   t = 1: 0 + 2 (breaks at 4); t = 2: 0 + 2 + 4 (breaks at 6); t = 3: 0 + 2 + 4 + 6 = 12 (breaks
//   at 8). The continue runs before the break test, so odd i never break.
__global__ void evens(int *out) {
  int t = threadIdx.x;
  int sum = 0;
  for (int i = 0; i < 10; i++) {
    if (i % 2 == 1) continue;
    if (i > t * 2) break;
    sum += i;
  }
  out[t] = sum;
}
