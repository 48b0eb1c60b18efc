// spec: CUDA float: sqrtf, fminf, fmaxf, fabsf, and NaN in the ordered comparisons (== false, != true, < false)
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.F=[0,1065353216,1073741824,1077936128] final.A=[26,26,26,26,0,1,2,2]
// why: v = t*t = 0, 1, 4, 9; sqrtf(v) = 0, 1, 2, 3 (exact): bits 0, 0x3F800000 = 1065353216,
//   0x40000000 = 1073741824, 0x40400000 = 1077936128. n = (v - v) / (v - v) = 0/0 = NaN on every
//   thread: n == n is 0, n != n is 1 (→ 2), n < 1 is 0, fmaxf(n, v) is v (the non-NaN operand)
//   so == v is 1 (→ 8), fabsf(-v) == v is 1 (→ 16): 2 + 8 + 16 = 26. A[4+t] = (int)fminf(v, 2.5f) =
//   0, 1, (int)2.5 = 2, 2.
__global__ void k(float *F, int *A) {
  int t = threadIdx.x;
  float v = (float)(t * t);
  F[t] = sqrtf(v);
  float z = v - v;
  float n = z / z;
  A[t] = (n == n) + 2 * (n != n) + 4 * (n < 1.0f) + 8 * (fmaxf(n, v) == v) + 16 * (fabsf(-v) == v);
  A[4 + t] = (int)fminf(v, 2.5f);
}
