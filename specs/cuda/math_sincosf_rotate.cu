// spec: CUDA sincosf writing both results through pointers (into shared memory and a local), rotating the unit vector (1, 0) by i radians
// run: run --block-dim 3 --buffer X=3 --buffer Y=3
// exit: 0
// expect: verdict=ok final.X=[1065353216,1057640768,-1093332685] final.Y=[0,1062693540,1063831479]
// why: angle i = 0, 1, 2; sincosf(a, &s[i], &c) gives s[i] = sinf(a), c = cosf(a); (1, 0) rotated is
//   (c * 1 - s * 0, s * 1 + c * 0) = (c, s) exactly (products by 1 and 0, then adding ±0 to c or
//   s: c - 0 = c, s + c*0 = s, including s = 0 + 0 = 0 for i = 0). cos: 1, 0.540302277
//   (0x3f0a5140 = 1057640768), -0.416146845 (0xbed51133 = -1093332685); sin: 0, 0.841470957
//   (0x3f576aa4 = 1062693540), 0.909297407 (0x3f68c7b7 = 1063831479), glibc's cosf and sinf in
//   specs/derivations/math_values.c. Each thread touches only its own s[i]: no race.

__global__ void rotate(float *X, float *Y) {
  __shared__ float s[3];
  int i = threadIdx.x;
  float c;
  sincosf((float)i, &s[i], &c);
  X[i] = c * 1.0f - s[i] * 0.0f;
  Y[i] = s[i] * 1.0f + c * 0.0f;
}
