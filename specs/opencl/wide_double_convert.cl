// spec: OpenCL conversions between long, double, float and int, each rounded as IEEE-754 says (to nearest even; toward zero to integers)
// run: run --local-size 1
// exit: 0
// expect: verdict=ok final.D=[0,1128267776,2,1128267776,1610612736,1070945621]
// expect: final.F=[1051372203,1266679808] final.I=[-2,2147483647,-3] final.L=[-3,-1,0,1]
// why: big = 2^53 + 1 (thread 0; get_local_id is 0). To double: halfway between 2^53 and 2^53 + 2,
//   to even: 2^53 = 0x43400000_00000000 (words 0, 1128267776). big + 2 = 2^53 + 3: halfway between
//   2^53 + 2 and 2^53 + 4, to even (mantissa ...10 vs ...100: 2^53 + 4 has the even one):
//   2^53 + 4 = 0x43400000_00000002. 1/3 in float is 0x3eaaaaab (1051372203), to double exactly:
//   0x3fd55555_60000000 (words 1610612736, 1070945621). 2^24 + 1 (a long) to float: halfway,
//   to even 2^24 = 0x4b800000 (1266679808). (int)-2.75 = -2; 2^31 - 0.5 truncates to 2^31 - 1;
//   (int)-3.99 = -3. (long)-3.5 = -3 (words -3, -1); 2^32 + 0.75 truncates to 2^32 (0, 1).
__kernel void k(__global double *D, __global float *F, __global int *I, __global long *L) {
  long big = 9007199254740993L + get_local_id(0);
  D[0] = big;
  D[1] = big + 2;
  float third = 1.0f / (3 + get_local_id(0));
  D[2] = third;
  long p = 16777217 + get_local_id(0);
  F[0] = third;
  F[1] = p;
  double m = -2.75 + get_local_id(0);
  I[0] = m;
  I[1] = 2147483647.5 - get_local_id(0);
  I[2] = m - 1.24;
  L[0] = m - 0.75;
  L[1] = 4294967296.75 + get_local_id(0);
}
