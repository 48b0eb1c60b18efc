// spec: CUDA assertions on values: powf(0.5, i) * 2^i == 1 holds (exact), cbrtf(10 i) < 2.5 fails for thread 2
// run: run --block-dim 4
// exit: 1
// expect: verdict=assertion
// why: powf(0.5, i) = 2^-i exactly, times 2^i is 1: the first assertion holds. cbrtf(0) = 0,
//   cbrtf(10) = 2.1544 (2.5^3 = 15.625 > 10) pass; cbrtf(20) = 2.714 and cbrtf(30) = 3.107 fail
//   (2.5^3 < 20): threads 2 and 3, with a wide margin.

/* A decay table asserts that powf(0.5, i) halves exactly each step; the assertion holds for
   every thread (powers of two are exact), and a bound on a cube root fails for thread 2. */
__global__ void decay(float *t) {
  int i = threadIdx.x;
  float p = powf(0.5f, (float)i);
  assert(p * (float)(1 << i) == 1.0f);
  float c = cbrtf((float)(i * 10));
  assert(c < 2.5f);
  t[i] = p + c;
}
