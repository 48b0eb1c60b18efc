// spec: OpenCL C 1.2 integer functions on int and uint as hashing and search kernels use them: popcount, clz, rotate, hadd/rhadd for a midpoint that does not overflow, add_sat/sub_sat and abs_diff
// run: run --local-size 4 --buffer pop=4 --buffer lead=4 --buffer rot=4 --buffer mid=4 --buffer up=4 --buffer safe=4 --buffer sat=4 --buffer dsat=4 --buffer ad=4
// exit: 0
// expect: verdict=ok final.pop=[2,2,3,1] final.lead=[29,29,29,28] final.rot=[1073741825,-2147483647,-1073741823,2] final.mid=[52,53,53,54] final.up=[53,53,54,54] final.safe=[2147483300,2147483300,2147483301,2147483301] final.sat=[2147483645,2147483646,2147483647,2147483647] final.dsat=[-2147483645,-2147483646,-2147483647,-2147483648] final.ad=[2,1,0,1]
// why: x = t + 5 = 5, 6, 7, 8 (0b101, 0b110, 0b111, 0b1000): popcount 2, 2, 3, 1; clz 29,
//   29, 29, 28. rotate(x, 30) is a right rotation by 2: the two low bits go to the top:
//   5 -> 0x40000001, 6 -> 0x80000001 (-2147483647 as int), 7 -> 0xC0000001 (-1073741823),
//   8 -> 2. hadd(x, 100) = (x + 100) >> 1: 52, 53, 53, 54; rhadd rounds up: (x + 101) >> 1:
//   53, 53, 54, 54. safe = hadd(lo, hi) with lo = 2147483000 + t, hi = 2147483600: the sum
//   4294966600 + t does not fit in an int, its half does: 2147483300, 2147483300,
//   2147483301, 2147483301. add_sat(2147483640, x): 2147483645, 2147483646, 2147483647, and
//   for x = 8 the sum 2147483648 saturates to 2147483647. sub_sat(-2147483640, x):
//   -2147483645 … -2147483648 (= INT_MIN exactly, no saturation). abs_diff(x, 7): 2, 1, 0,
//   1. Each item writes its own cells: no race.
__kernel void bitMix(__global int *pop, __global int *lead, __global int *rot, __global int *mid,
                     __global int *up, __global int *safe, __global int *sat, __global int *dsat,
                     __global uint *ad) {
  const int t = get_local_id(0);
  const int x = t + 5;
  pop[t] = popcount(x);
  lead[t] = clz(x);
  rot[t] = rotate(x, 30);
  mid[t] = hadd(x, 100);
  up[t] = rhadd(x, 100);
  const int lo = 2147483000 + t, hi = 2147483600;
  safe[t] = hadd(lo, hi);
  sat[t] = add_sat(2147483640, x);
  dsat[t] = sub_sat(-2147483640, x);
  ad[t] = abs_diff(x, 7);
}
