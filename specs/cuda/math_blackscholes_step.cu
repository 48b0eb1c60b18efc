// spec: CUDA Black-Scholes step: d1 = (logf(S/K) + (r + v^2/2) T) / (v sqrtf(T)), d2 = d1 - v sqrtf(T), discount K expf(-rT), in a __device__ helper
// run: run --block-dim 3 --init S=1120403456,1121714176,1119092736 --buffer S=3 --buffer d1=3 --buffer d2=3 --buffer disc=3
// exit: 0
// expect: verdict=ok final.d1=[1059481190,1062679270,1054927146] final.d2=[1041865112,1051616716,-1116162384] final.disc=[1118027524,1118027524,1118027524]
// why: S = 100 (0x42c80000), 110 (0x42dc0000), 90 (0x42b40000); K = 100, r = 0.05f, v = 0.25, T = 4.
//   sqrtf(4) = 2, v * 2 = 0.5; (r + 0.5 * v * v) * T = (0.05f + 0.03125) * 4 rounded. S = K: logf(1)
//   = 0, d1 = 0.325 / 0.5 rounded = 0.649999976 (0x3f266666 = 1059481190), d2 = d1 - 0.5 =
//   0.149999976 (0x3e199998 = 1041865112). The others with glibc's logf in an independent C
//   program (float arithmetic in the kernel's order): S = 110: d1 = 0.840620399 (0x3f5732e6 =
//   1062679270), d2 = 0.340620399 (0x3eae65cc = 1051616716); S = 90: d1 = 0.439278901
//   (0x3ee0e92a = 1054927146), d2 = -0.0607210994 (0xbd78b6b0 = -1116162384). disc = 100 *
//   expf(-0.05f * 4): -r * T = -0.200000003, expf of it times 100 = 81.8730774 (0x42a3bf04 =
//   1118027524) for every thread.

/* One step of a Black-Scholes pricer: d1 and d2 of each option from spot S, strike K, rate
   r, volatility v and expiry T (expf, logf, sqrtf), then the discount factor. */
__device__ float d1Of(float S, float K, float r, float v, float T) {
  return (logf(S / K) + (r + 0.5f * v * v) * T) / (v * sqrtf(T));
}

__global__ void price(const float *S, float *d1, float *d2, float *disc) {
  int i = threadIdx.x;
  float K = 100.0f, r = 0.05f, v = 0.25f, T = 4.0f;
  float a = d1Of(S[i], K, r, v, T);
  d1[i] = a;
  d2[i] = a - v * sqrtf(T);
  disc[i] = K * expf(-r * T);
}
