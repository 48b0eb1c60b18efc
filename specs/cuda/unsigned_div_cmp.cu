// spec: CUDA unsigned arithmetic: wrap-around of threadIdx.x - 2, unsigned comparison, division, remainder and logical shift, against the signed forms
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[1,1,0,0,2147483647,2147483647,0,0,-1,0,0,0,2,0,0,1,15,15,0,0,-1,-1,0,0]
// why: u = t - 2 (unsigned) = 0xFFFFFFFE, 0xFFFFFFFF, 0, 1; s = t - 2 (int) = -2, -1, 0, 1.
//   u > 1 (unsigned): 1, 1, 0, 0. u / 2: 2147483647, 2147483647, 0, 0. s / 2 truncates: -1, 0,
//   0, 0. u % 3: 4294967294 = 3·1431655764 + 2 → 2; 4294967295 = 3·1431655765 → 0; 0; 1.
//   u >> 28 (logical): 15, 15, 0, 0. s >> 1 (arithmetic): -1, -1, 0, 0.
__global__ void unsig(int *out) {
  unsigned t = threadIdx.x;
  unsigned u = t - 2u;
  int s = (int)t - 2;
  out[t] = u > 1u ? 1 : 0;
  out[4 + t] = (int)(u / 2u);
  out[8 + t] = s / 2;
  out[12 + t] = (int)(u % 3u);
  out[16 + t] = (int)(u >> 28);
  out[20 + t] = s >> 1;
}
