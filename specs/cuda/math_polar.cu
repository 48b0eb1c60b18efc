// spec: CUDA polar coordinates: atan2f, hypotf, and the C++ float overloads cos and sin going back
// run: run --block-dim 2 --init x=1077936128,0 --init y=1082130432,1065353216 --buffer x=2 --buffer y=2 --buffer r=2 --buffer theta=2 --buffer back=2
// exit: 0
// expect: verdict=ok final.r=[1084227584,1065353216] final.theta=[1112835386,1119092736] final.back=[1088421888,1065353215]
// why: (x, y) = (3, 4) and (0, 1). r = hypotf = 5 (0x40a00000) and 1 (0x3f800000), exact. a =
//   atan2f(4, 3) = 0.927295208 (glibc, independent C program), theta = a * 57.29578f =
//   53.1301041 (0x4254853a = 1112835386); atan2f(1, 0) = pi/2 rounded = 0x3fc90fdb, theta = 90
//   exactly after rounding (0x42b40000 = 1119092736). back = r cosf(a) + r sinf(a): 7 (0x40e00000
//   = 1088421888) for the first; for the second cosf(0x3fc90fdb) is a tiny negative number and
//   sinf 1, the sum 0.99999994 (0x3f7fffff = 1065353215), computed in the C program.

/* Cartesian to polar coordinates and back: atan2f, hypotf, sinf, cosf, with the angle in
   degrees for the host (the C++ overloads sin and cos of floats too). */
__global__ void polar(const float *x, const float *y, float *r, float *theta, float *back) {
  int i = threadIdx.x;
  float a = atan2f(y[i], x[i]);
  r[i] = hypotf(x[i], y[i]);
  theta[i] = a * 57.29578f;
  back[i] = r[i] * cos(a) + r[i] * sin(a);
}
