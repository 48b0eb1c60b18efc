// spec: OpenCL ceil, floor, round, trunc and rint on halfway and negative values (round: away from zero; rint: to even; -0.5 rounds to -0)
// run: run --local-size 4 --buffer c=4 --buffer f=4 --buffer r=4 --buffer t=4 --buffer e=4
// exit: 0
// expect: verdict=ok final.c=[3,-2,0,4] final.f=[2,-3,-1,3] final.r=[3,-3,-1,4] final.t=[2,-2,0,3] final.e=[1073741824,-1073741824,-2147483648,1082130432]
// why: x = 2.5, -2.5, -0.5, 3.5. ceil: 3, -2, -0 (int 0), 4. floor: 2, -3, -1, 3. round
//   (halfway away from zero): 3, -3, -1, 4. trunc: 2, -2, -0 (0), 3. rint (halfway to even):
//   2 (0x40000000 = 1073741824), -2 (0xc0000000 = -1073741824), -0 (0x80000000 = -2147483648),
//   4 (0x40800000 = 1082130432).

/* The rounding functions on a table of halfway and negative values: ceil, floor, round
   (halfway away from zero), trunc and rint (halfway to even), then back to int. */
__constant float T[4] = {2.5f, -2.5f, -0.5f, 3.5f};

__kernel void roundings(__global int *c, __global int *f, __global int *r, __global int *t, __global float *e) {
  int i = get_local_id(0);
  float x = T[i];
  c[i] = (int)ceil(x);
  f[i] = (int)floor(x);
  r[i] = (int)round(x);
  t[i] = (int)trunc(x);
  e[i] = rint(x);
}
