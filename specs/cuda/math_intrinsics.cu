// spec: CUDA __fdividef, __frcp_rn, __saturatef, and __fmaf_rn (one rounding) against __fmul_rn then __fadd_rn (two) where they differ
// run: run --block-dim 3 --init x=1073741824,-1090519040,1065355264 --buffer x=3 --buffer q=3 --buffer s=3 --buffer fused=3 --buffer split=3
// exit: 0
// expect: verdict=ok final.q=[1065353216,1052770304,1061159936] final.s=[1065353216,0,1065353216] final.fused=[1077936128,-1086324736,973079552] final.split=[1077936128,-1086324736,973078528]
// why: x = 2, -0.5, 1 + 2^-12 (0x3f800800). q = x/4 + 1/2: 1, 0.375 (0x3ec00000 = 1052770304),
//   0.75 + 2^-14 (exact: 0x3f400400 = 1061159936). s = clamp to [0, 1]: 1, 0, 1. fused = x*x - 1
//   rounded once: 3 (0x40400000), -0.75 (0xbf400000 = -1086324736), and (1 + 2^-12)^2 - 1 =
//   2^-11 + 2^-24 exactly = 0x3a000400 = 973079552. split rounds x*x first: 1 + 2^-11 + 2^-24 is a
//   tie between 1 + 2^-11 and 1 + 2^-11 + 2^-23, to the even 1 + 2^-11, minus 1 = 2^-11 =
//   0x3a000000 = 973078528; for 2 and -0.5 the product is exact, so both agree.

/* CUDA's float intrinsics in a normalisation kernel: __fdividef, __saturatef, __frcp_rn,
   and __fmaf_rn (one rounding) next to __fmul_rn then __fadd_rn (two roundings). */
__global__ void norm(const float *x, float *q, float *s, float *fused, float *split) {
  int i = threadIdx.x;
  float v = x[i];
  q[i] = __fdividef(v, 4.0f) + __frcp_rn(2.0f);
  s[i] = __saturatef(v);
  fused[i] = __fmaf_rn(v, v, -1.0f);
  split[i] = __fadd_rn(__fmul_rn(v, v), -1.0f);
}
