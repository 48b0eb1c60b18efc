// spec: CUDA __device__ helpers with several parameters and a return value (early return in the helper), and a void helper writing through a pointer parameter
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[3,4,5,5,30,40,50,50]
// why: clampAdd(t, 3, 5) = min(t + 3, 5) → 3, 4, 5, 5 (t = 3 takes the early return hi = 5).
//   store(out, i, v) writes out[i] = v: out[t] = that value, out[4 + t] = 10 × it (a nested
//   call as an argument).
__device__ int clampAdd(int a, int b, int hi) {
  int s = a + b;
  if (s > hi) return hi;
  return s;
}
__device__ void store(int *p, int i, int v) {
  p[i] = v;
}
__global__ void helpers(int *out) {
  int t = threadIdx.x;
  store(out, t, clampAdd(t, 3, 5));
  store(out, 4 + t, 10 * clampAdd(t, 3, 5));
}
