// spec: OpenCL int4 component-wise: constructors (literal, broadcast, from smaller vectors), arithmetic with a scalar broadcast, swizzles, .lo/.hi/.even/.odd/.sN, component and swizzle assignment
// run: run --local-size 2 --buffer A=16
// exit: 0
// expect: verdict=ok final.A=[1110,100,4,2,1,3,14,-4001,1311,101,8,4,2,6,28,-8002]
// why: thread i: v = (1,2,3,4)*(i+1); u = v + 10 - 1. i=0: v=(1,2,3,4), u=(10,11,12,13);
//   s = (v.hi, v.lo) = (3,4,1,2), s.x = 100, s.zw = s.wz swaps the last two: (100,4,2,1);
//   q = u%3 + v/2 = (1,2,0,1) + (0,1,1,2) = (1,3,1,3), q.s3 = 3; v.odd.y + v.even.x*10 =
//   v.w + 10*v.x = 14; z = -v.wzyx = (-4,-3,-2,-1): z.x*1000 + z.w = -4001; u.x + 100*u.y =
//   1110. i=1: v=(2,4,6,8), u=(11,13,15,17): 1311; s=(6,8,2,4) → (101,8,4,2);
//   q = (2,1,0,2) + (1,2,3,4), q.s3 = 6; 8 + 20 = 28; z = (-8,-6,-4,-2): -8002.
__kernel void k(__global int *A) {
  int i = get_local_id(0);
  int4 v = (int4)(1, 2, 3, 4) * (i + 1);
  int4 w = (int4)(10);
  int4 u = v + w - 1;
  int2 h = v.hi;
  int4 s = (int4)(h, v.lo);
  s.x = 100 + i;
  s.zw = s.wz;
  int4 q = u % 3 + v / 2;
  int4 z = -v.wzyx;
  A[8 * i + 0] = u.x + u.y * 100;
  A[8 * i + 1] = s.x;
  A[8 * i + 2] = s.y;
  A[8 * i + 3] = s.z;
  A[8 * i + 4] = s.w;
  A[8 * i + 5] = q.s3;
  A[8 * i + 6] = v.odd.y + v.even.x * 10;
  A[8 * i + 7] = z.x * 1000 + z.w;
}
