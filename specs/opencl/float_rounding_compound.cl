// spec: OpenCL float: round-to-nearest-even at 2^24, compound assignment of an int by a float, float to char and bool, -0.0f
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.A=[0,0,2,4,4,4,4,4,-2,-2,-2,-2,1,1,1,1] final.F=[-2147483648,-1082130432,-1073741824,-1069547520]
// why: floats have 24-bit significands: 2^24 + i is exact for i = 0, 2; 2^24 + 1 is a tie between
//   2^24 (even significand) and 2^24 + 2 (odd) → 2^24; 2^24 + 3 a tie between 2^24 + 2 (odd) and
//   2^24 + 4 (even) → 2^24 + 4. So A[i] = (int)(b - 2^24) = 0, 0, 2, 4. n = 7; n /= 2.0f is
//   n = (int)(7.0f / 2.0f) = (int)3.5 = 3; n *= 1.5f is (int)4.5 = 4 → A[4+i] = 4. c = (char)-2.7f
//   truncates to -2. z = (bool)0.5f = 1; z2 = (bool)-0.0f = 0 (-0.0 == 0): A[12+i] = 1 + 2*0 = 1.
//   F[i] = -(float)i: -0.0f = 0x80000000 = -2147483648, -1.0f = 0xBF800000 = -1082130432,
//   -2.0f = 0xC0000000 = -1073741824, -3.0f = 0xC0400000 = -1069547520.
__kernel void k(__global int *A, __global float *F) {
  int i = get_local_id(0);
  float big = 16777216.0f;
  float b = big + (float)i;
  A[i] = (int)(b - big);
  int n = 7;
  n /= 2.0f;
  n *= 1.5f;
  A[4 + i] = n;
  char c = (char)(-2.7f);
  A[8 + i] = c;
  bool z = 0.5f;
  bool z2 = -0.0f;
  A[12 + i] = z + 2 * z2;
  F[i] = -(float)i;
}
