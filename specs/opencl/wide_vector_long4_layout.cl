// spec: OpenCL long4/ulong2 in memory: each component two cells (low word first), components consecutive; swizzle assignment, .hi/.odd, vload4/vstore4/vstore2 and a long4* seen as long*
// run: run --local-size 1 --buffer A=1 --buffer B=8
// exit: 0
// expect: verdict=ok final.A=[-1,0,0,1,7,0,-8,-1]
// expect: final.B=[0,0,1,0,2,0,3,0,-1,-1,0,1,-2,-1,1,0]
// why: t = get_local_id(0) = 0. a = (2^32 - 1, 2^32, -7, -8); a.zw = a.wz swaps z and w:
//   (2^32 - 1, 2^32, -8, -7). A[0] = a: a long4 is 8 cells, (low, high) per component:
//   (-1, 0), (0, 1), (-8, -1), (-7, -1). Through p = (long*)A, p[2] is component z (cells
//   4, 5): -8 + 15 = 7 = (7, 0); p[3] is w: -7 - 1 = -8 = (-8, -1). B (8 longs, 16 cells):
//   vstore4((0, 1, 2, 3), 0, B) writes B[0..3] = (0,0), (1,0), (2,0), (3,0); vstore2(u, 2, B)
//   writes B[4], B[5] = 2^64 - 1 = (-1, -1) and 2^32 = (0, 1). w = vload4(0, B) = (0, 1, 2,
//   3): w.odd.x = 1, 1 - 3 = -2 = (-2, -1); w.hi.x = 2, 2 - 1 = 1; vstore2 at 3 writes
//   B[6], B[7] = (-2, -1), (1, 0).
__kernel void k(__global long4 *A, __global long *B) {
  int t = get_local_id(0);
  long4 a = (long4)(4294967295L, 4294967296L, -7, -8);
  a.zw = a.wz;
  A[t] = a;
  __global long *p = (__global long *)A;
  p[2] = p[2] + 15;
  p[3] = p[3] - 1;
  vstore4((long4)(0, 1, 2, 3), t, B);
  ulong2 u = (ulong2)(0xffffffffffffffffUL, 4294967296UL);
  vstore2(u, 2, B);
  long4 w = vload4(0, B);
  vstore2((long2)(w.odd.x - 3, w.hi.x - 1), 3, B);
}
