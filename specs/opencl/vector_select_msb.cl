// spec: OpenCL vector ?: and select pick each component by the most significant bit of the condition's component (not by != 0); a scalar select is c ? b : a
// run: run --local-size 1 --buffer A=29 --init A=3,8,-1,5,7,2,-4,5
// exit: 0
// expect: verdict=ok final.A=[3,8,-1,5,7,2,-4,5,3,2,-4,5,7,8,-1,5,7,2,-1,5,20,10,20,10,2,1,2,1,30]
// why: a = (3,8,-1,5), b = (7,2,-4,5); a < b = (-1,0,0,0). lo = a < b ? a : b = (3,2,-4,5).
//   select(a, b, a < b) takes b where the mask is -1: (7,8,-1,5). m = (0x80000000, 0x80000000,
//   1, 1): the MSB is set in x, y: (b.x, b.y, a.z, a.w) = (7,2,-1,5). (1,-2,0,-1) ? 10 : 20:
//   only y and w are negative: (20,10,20,10) — 1 is non-zero but its MSB is clear. uchar mask
//   (0x80,0x7f,0xff,0): MSB 0x80 in x, z: (2,1,2,1). Scalar: select(10, 20, 0) = 10,
//   select(10, 20, 3) = 20: A[28] = 30. vstoreN(v, n, A) writes A[4n ..].
__kernel void k(__global int *A) {
  int4 a = vload4(0, A);
  int4 b = vload4(1, A);
  int4 lo = a < b ? a : b;
  int4 hi = select(a, b, a < b);
  uint4 m = (uint4)(0x80000000u, 0x80000000u, 1u, 1u);
  int4 s = select(a, b, m);
  int4 z = (int4)(1, -2, 0, -1) ? (int4)(10) : (int4)(20);
  uchar4 u = select((uchar4)(1), (uchar4)(2), (uchar4)(0x80, 0x7f, 0xff, 0));
  vstore4(lo, 2, A);
  vstore4(hi, 3, A);
  vstore4(s, 4, A);
  vstore4(z, 5, A);
  vstore4(convert_int4(u), 6, A);
  A[28] = select(10, 20, 0) + select(10, 20, 3);
}
