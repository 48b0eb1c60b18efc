// spec: CUDA float: int to float, * + - on floats, float in global memory (its bit pattern), float to int and unsigned truncating
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.F=[1073741824,1067450368,1065353216,1067450368] final.A=[-3,-1,0,1,0,1,1,2]
// why: x = t * 0.5f - 1.0f = -1, -0.5, 0, 0.5 (all exact). F[t] = x*x + 1 = 2, 1.25, 1, 1.25, stored
//   as bits: 2.0f = 0x40000000 = 1073741824, 1.25f = 0x3FA00000 = 1067450368, 1.0f = 0x3F800000 =
//   1065353216. A[t] = (int)(x * 3) truncates toward zero: -3, -1.5 → -1, 0, 1.5 → 1.
//   A[4+t] = (unsigned)(x + 1.5f): 0.5 → 0, 1 → 1, 1.5 → 1, 2 → 2.
__global__ void k(float *F, int *A) {
  int t = threadIdx.x;
  float x = t * 0.5f - 1.0f;
  F[t] = x * x + 1.0f;
  A[t] = (int)(x * 3.0f);
  A[4 + t] = (unsigned)(x + 1.5f);
}
