// spec: OpenCL mul_hi, mad_hi and mad_sat on int and uint: the high word of the 64-bit product, and the saturated x*y+z, as a fixed-point scaler computes them
// run: run --local-size 1 --init a=100000,-300000 --init b=-294967296,3
// exit: 0
// expect: verdict=ok final.out=[-7,3,-2147483648,300007] final.uout=[2,-1,-1,-2]
// why: x = 100000, y = -300000; p = (uint)-294967296 = 4000000000, q = 3.
//   out[0] = mul_hi(x, y): x y = -3e10; the high word of the 64-bit product is
//   floor(-3e10 / 2^32) = -7 (-7 * 2^32 = -30064771072 <= -3e10 < -6 * 2^32).
//   out[1] = mad_hi(x, y, 10) = -7 + 10 = 3. out[2] = mad_sat(x, y, 0): -3e10 < INT_MIN, so
//   INT_MIN. out[3] = mad_sat(x, 3, 7) = 300007 (in range).
//   uout[0] = mul_hi(p, q): 1.2e10 / 2^32 = 2.79, high word 2. uout[1] = mad_sat(p, q, 1) =
//   12000000001 > UINT_MAX: 4294967295, the word -1. uout[2] = mad_sat(p, 1, 294967295) =
//   4294967295 exactly (no saturation needed): -1. uout[3] = mad_sat(p, 1, 294967294) =
//   4294967294: the word -2. (Words are printed signed.)
int scale_hi(int v, int k) { return mul_hi(v, k); }

__kernel void fixed_point(__global const int *a, __global const uint *b, __global int *out, __global uint *uout) {
  int x = a[0], y = a[1];
  uint p = b[0], q = b[1];
  out[0] = scale_hi(x, y);
  out[1] = mad_hi(x, y, 10);
  out[2] = mad_sat(x, y, 0);
  out[3] = mad_sat(x, 3, 7);
  uout[0] = mul_hi(p, q);
  uout[1] = mad_sat(p, q, 1u);
  uout[2] = mad_sat(p, 1u, 294967295u);
  uout[3] = mad_sat(p, 1u, 294967294u);
}
