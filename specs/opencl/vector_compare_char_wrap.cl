// spec: OpenCL vector comparisons give -1/0 per component (signed, unsigned); char4/uchar4 arithmetic wraps in the element type; a char4 shift amount keeps its low 3 bits; vstore4
// run: run --local-size 1 --buffer A=24
// exit: 0
// expect: verdict=ok final.A=[-1,0,0,-1,0,-1,0,0,0,-1,-1,0,-56,0,-2,2,4,13,138,9,2,2,-128,1]
// why: a < b with a=(1,5,-3,7), b=(2,5,-4,9): (-1,0,0,-1); a == b: (0,-1,0,0). ua > 2u with
//   ua = (1, 0xFFFFFFFF, 3, 0) compares unsigned: (0,-1,-1,0). c + c in char: 200 → -56,
//   -256 → 0, 254 → -2, 2. uchar (250,3,128,255) + 10: 260 → 4, 13, 138, 265 → 9. (char4)(1)
//   << (9,1,15,8): amounts & 7 = (1,1,7,0): 2, 2, 128 → -128, 1. vstore4(x, n, A) writes
//   A[4n .. 4n+3].
__kernel void k(__global int *A) {
  int4 a = (int4)(1, 5, -3, 7);
  int4 b = (int4)(2, 5, -4, 9);
  int4 lt = a < b;
  int4 eq = a == b;
  uint4 ua = (uint4)(1u, 0xFFFFFFFFu, 3u, 0u);
  int4 ug = ua > (uint4)(2u);
  char4 c = (char4)(100, -128, 127, 1);
  char4 d = c + c;
  uchar4 e = (uchar4)(250, 3, 128, 255) + (uchar4)(10);
  char4 f = (char4)(1) << (char4)(9, 1, 15, 8);
  vstore4(lt, 0, A);
  vstore4(eq, 1, A);
  vstore4(ug, 2, A);
  A[12] = d.s0; A[13] = d.s1; A[14] = d.s2; A[15] = d.s3;
  A[16] = e.x; A[17] = e.y; A[18] = e.z; A[19] = e.w;
  A[20] = f.x; A[21] = f.y; A[22] = f.z; A[23] = f.w;
}
