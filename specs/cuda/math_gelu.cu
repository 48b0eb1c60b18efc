// spec: CUDA GELU activation with erff (x * Phi(x)) and its tanhf approximation, in __device__ helpers
// run: run --block-dim 3 --init x=1065353216,-1090519040,1073741824 --buffer x=3 --buffer y=3 --buffer z=3
// exit: 0
// expect: verdict=ok final.y=[1062691422,-1105332062,1073360140] final.z=[1062688860,-1105330906,1073360962]
// why: x = 1, -0.5, 2. gelu(x) = (0.5 * x) * (1 + erff(x * 0.70710678f)); geluTanh(x) = (0.5 * x) *
//   (1 + tanhf(0.7978846f * (x + ((0.044715f * x) * x) * x))), float arithmetic in that order, with
//   glibc's erff and tanhf in an independent C program: y = 0.841344714 (0x3f57625e =
//   1062691422), -0.154268771 (0xbe1df8a2 = -1105332062), 1.95449972 (0x3ffa2d0c = 1073360140);
//   z = 0.841192007 (0x3f57585c = 1062688860), -0.154285997 (0xbe1dfd26 = -1105330906),
//   1.95459771 (0x3ffa3042 = 1073360962).

/* A GELU activation, x * Phi(x) with the exact normal CDF written with erff, and the tanh
   approximation next to it, one activation per thread. */
__device__ float gelu(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }
__device__ float geluTanh(float x) {
  return 0.5f * x * (1.0f + tanhf(0.7978846f * (x + 0.044715f * x * x * x)));
}

__global__ void act(const float *x, float *y, float *z) {
  int i = threadIdx.x;
  y[i] = gelu(x[i]);
  z[i] = geluTanh(x[i]);
}
