// spec: OpenCL double2/long2/ulong2 comparisons give -1/0 as a long per element (NaN: only != holds), select and vector ?: choose by the MSB of each 64-bit element, convert_T to int2/float2, a long2 parameter set by component and word
// run: run --local-size 1 --buffer L=7 --buffer I=3 --param q.x.lo=-3 --param q.x.hi=-2 --param q.y.lo=16777217 --param q.y.hi=0
// exit: 0
// expect: verdict=ok final.L=[-1,-1,-1,-1,0,0,30,0,20,0,3,1,16777217,0]
// expect: final.I=[3,16777217,1266679808]
// why: z = 0.0 (thread 0), so d = (1/z, z/z) = (+inf, NaN). d != d = (0, -1): only NaN differs
//   from itself; L[0] = -1 = (-1, -1) (true is -1 in both words). d >= 1e308 = (-1, 0):
//   L[1] = -1. d < 2.0 = (0, 0) (inf is not below 2, NaN compares false), so L[2] = 0 + 0 +
//   ge.y 0 + ne.x 0 = 0. select(a, b, m) takes b where the MSB of m's element is set:
//   m.x = 2^63 (set) gives 30, m.y = 2^63 - 1 (clear) gives 20. q.x = (lo -3, hi -2) =
//   -2^32 - 3, q.y = 2^24 + 1. c = q > 0 = (0, -1); c ? q : -q picks per element by c's MSB:
//   -q.x = 2^32 + 3 = (3, 1), q.y = (16777217, 0). convert_int2 keeps the low words: (3,
//   16777217). convert_float2(q).y = 2^24 + 1 rounded to nearest even = 2^24 = 0x4b800000.
__kernel void k(__global long *L, __global int *I, long2 q) {
  double z = get_local_id(0);
  double2 d = (double2)(1.0 / z, z / z);
  long2 lt = d < (double2)(2.0);
  long2 ne = d != d;
  long2 ge = d >= (double2)(1e308);
  L[0] = ne.y;
  L[1] = ge.x;
  L[2] = lt.x + lt.y + ge.y + ne.x;
  ulong2 m = (ulong2)(0x8000000000000000UL, 0x7fffffffffffffffUL);
  long2 s = select((long2)(10, 20), (long2)(30, 40), m);
  L[3] = s.x;
  L[4] = s.y;
  long2 c = q > (long2)(0);
  long2 pick = c ? q : -q;
  L[5] = pick.x;
  L[6] = pick.y;
  int2 n = convert_int2(pick);
  I[0] = n.x;
  I[1] = n.y;
  float2 f = convert_float2(q);
  I[2] = as_int(f.y);
}
