// spec: OpenCL relational functions on double scalars (isnan, isinf, isfinite, signbit, isnormal, isless, isunordered, islessgreater), lowered to KPL's double comparisons
// run: run --local-size 1 --buffer A=1 --buffer D=3 --init D=0,2146959360,0,-1048576,0,1072693248
// exit: 0
// expect: verdict=ok final.A=[79]
// why: D holds three doubles, low word first: x = NaN (high word 0x7ff80000 = 2146959360), y = -inf
//   (0xfff00000 = -1048576), z = 1.0 (0x3ff00000 = 1072693248). isnan(x) = 1; isinf(y) = 1 (×2);
//   isfinite(z) = 1 (×4); signbit(y) = 1 (×8); isnormal(4.9e-324) = 0: the smallest subnormal
//   (×16); isless(1, -inf) = 0 (×32); isunordered(NaN, 1) = 1 (×64); islessgreater(1, 1) = 0
//   (×128). 1 + 2 + 4 + 8 + 64 = 79.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global int *A, __global double *D) {
  double x = D[0], y = D[1], z = D[2];
  A[0] = isnan(x) + 2 * isinf(y) + 4 * isfinite(z) + 8 * signbit(y) + 16 * isnormal(4.9e-324) + 32 * isless(z, y) +
         64 * isunordered(x, z) + 128 * islessgreater(z, z);
}
