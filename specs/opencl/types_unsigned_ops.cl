// spec: OpenCL unsigned comparison, division, remainder and shift differ from the signed ones
// run: run --local-size 1
// exit: 0
// expect: verdict=ok final.out=[1,3,8,7,-2,-2,1,0]
// why: neg = -8; u = (unsigned)neg = 4294967288 = 0xFFFFFFF8. u > 5u is unsigned: 1 (neg > 5 is 0).
//   u / 2^30 = 3 (0xFFFFFFF8 >> 30); u % 10u = 4294967288 mod 10 = 8; u >> 29 is a logical
//   shift: 7. Signed: -8 / 3 = -2 and -8 % 3 = -2 (C truncates). w = 0u - 1u wraps to 0xFFFFFFFF:
//   w == 0xffffffffu is 1. neg > 5 is 0.
__kernel void uns(__global int *out) {
  int neg = -8;
  unsigned u = (unsigned)neg;
  out[0] = u > 5u;
  out[1] = (int)(u / 1073741824u);
  out[2] = (int)(u % 10u);
  out[3] = (int)(u >> 29);
  out[4] = neg / 3;
  out[5] = neg % 3;
  unsigned w = 0u;
  w = w - 1u;
  out[6] = w == 0xffffffffu;
  out[7] = neg > 5;
}
