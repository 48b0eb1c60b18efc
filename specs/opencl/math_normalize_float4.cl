// spec: OpenCL normalize on float4: a 3-4-5 direction, the zero vector (returned unchanged) and (1,1,1,1)
// run: run --local-size 3 --init dirs=1077936128,1082130432,0,0,0,0,0,0,1065353216,1065353216,1065353216,1065353216 --buffer dirs=3
// exit: 0
// expect: verdict=ok final.dirs=[1058642330,1061997773,0,0,0,0,0,0,1056964608,1056964608,1056964608,1056964608]
// why: sdvmc's normalize is p / length(p) with length = hypot(hypot(hypot(|p.x|, p.y), p.z), p.w)
//   (frontends/clang/README.md). (3, 4, 0, 0): hypot(3, 4) = 5 exactly, hypot(5, 0) = 5, so the
//   components are 3/5 = 0.6f = 0x3f19999a = 1058642330 and 4/5 = 0.8f = 0x3f4ccccd =
//   1061997773 (the nearest floats), 0/5 = 0. The zero vector has length 0 and is returned as is.
//   (1, 1, 1, 1): hypotf(1, 1) = sqrt(2) rounded, hypotf of that and 1 = sqrt(3) rounded, then
//   with 1 again: 2 exactly (glibc's hypotf, checked in an independent C program), so each
//   component is 1/2 = 0x3f000000 = 1056964608. A float4 element is 4 cells.

/* Normalise a buffer of float4 directions (w = 0), as a lighting pre-pass does; the zero
   vector stays zero (OpenCL's normalize). */
__kernel void normalise(__global float4 *dirs) {
  int i = get_global_id(0);
  float4 d = dirs[i];
  dirs[i] = normalize(d);
}
