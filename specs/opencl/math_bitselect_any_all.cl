// spec: OpenCL bitselect on float4 (a magnitude with another vector's sign bits) and on int, any and all on int4 comparison masks
// run: run --local-size 2 --init P=1065353216,-1082130432,1073741824,0,-1073741824,1056964608,0,-2147483648 --buffer P=2 --buffer Q=2 --buffer flags=2
// exit: 0
// expect: verdict=ok final.Q=[1056964608,-1090519040,1077936128,1077936128,-1090519040,1056964608,1077936128,-1069547520] final.flags=[3953,3957]
// why: bitselect(a, b, c) takes b's bit where c's bit is 1, a's elsewhere; with c = 0x80000000 in
//   every component, Q[i] is the magnitude (0.5, 0.5, 3, 3) with P[i]'s sign bits. Item 0, P = (1,
//   -1, 2, +0): signs 0, 1, 0, 0 → (0.5 0x3f000000 = 1056964608, -0.5 0xbf000000 = -1090519040,
//   3 0x40400000 = 1077936128, 3). Item 1, P = (-2, 0.5, +0, -0): signs 1, 0, 0, 1 → (-0.5, 0.5, 3,
//   -3 0xc0400000 = -1069547520). flags: bitselect(0x0f0f, 0x7070, 0x00ff) = 0x0f00 | 0x0070 =
//   0x0f70 = 3952; neg = p < 0 is (0,-1,0,0) for item 0 and (-1,0,0,0) for item 1 (-0 < 0 is
//   false): any = 1, all = 0 for both; all(p < 1.5): item 0 has 2 → 0, item 1 → 1, times 4.
//   3952 + 1 = 3953 and 3952 + 1 + 4 = 3957.

__kernel void signs(__global const float4 *P, __global float4 *Q, __global int *flags) {
  int i = get_global_id(0);
  float4 p = P[i];
  float4 mag = (float4)(0.5f, 0.5f, 3.0f, 3.0f);
  Q[i] = bitselect(mag, p, as_float4((int4)(0x80000000)));
  int4 neg = p < (float4)(0.0f);
  flags[i] = bitselect(0x0f0f, 0x7070, 0x00ff) + any(neg) + 2 * all(neg) + 4 * all(isless(p, (float4)(1.5f)));
}
