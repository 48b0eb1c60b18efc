// spec: OpenCL sincos (the cosine through a pointer to a private variable) for a rotation table, and modf (the integral part through a pointer into global memory) on a halfway, a negative, a negative integral and an infinite value
// run: run --local-size 4 --buffer S=4 --buffer C=4 --buffer F=4 --buffer I=4
// exit: 0
// expect: verdict=ok final.S=[0,1062693540,1063831479,1041269187] final.C=[1065353216,1057640768,-1093332685,-1082298330] final.F=[1056964608,-1090519040,-2147483648,0] final.I=[1073741824,-2147483648,-1073741824,2139095040]
// why: x = 0, 1, 2, 3. sin(0) = 0 and cos(0) = 1 (0x3f800000) by hand; the others with glibc's
//   sinf and cosf in specs/derivations/math_values.c: sin = 0.841470957 (0x3f576aa4 = 1062693540),
//   0.909297407 (0x3f68c7b7 = 1063831479), 0.141120002 (0x3e1081c3 = 1041269187); cos =
//   0.540302277 (0x3f0a5140 = 1057640768), -0.416146845 (0xbed51133 = -1093332685), -0.989992499
//   (0xbf7d7026 = -1082298330). modf(x, &I[i]) on 2.5, -0.5, -2, +inf: I = trunc = 2 (0x40000000 =
//   1073741824), -0 (0x80000000), -2 (0xc0000000 = -1073741824), +inf (0x7f800000 = 2139095040);
//   the fraction with x's sign: 0.5 (0x3f000000 = 1056964608), -0.5 (0xbf000000 = -1090519040),
//   -0 (-2 - -2 = +0, given x's sign), and +0 for the infinity.

__kernel void k(__global float *S, __global float *C, __global float *F, __global float *I) {
  int i = get_local_id(0);
  float c;
  float x = (float)i;
  S[i] = sincos(x, &c);
  C[i] = c;
  float xs[4] = {2.5f, -0.5f, -2.0f, 1.0f / 0.0f};
  F[i] = modf(xs[i], &I[i]);
}
