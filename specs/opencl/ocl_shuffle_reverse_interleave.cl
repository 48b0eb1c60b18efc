// spec: OpenCL shuffle and shuffle2: reversing an int4, interleaving two int4s, and a mask component taken modulo the input size
// run: run --local-size 1 --init v=10,11,12,13,20,21,22,23 --init m=5,7,15,12
// exit: 0
// expect: verdict=ok final.out=[13,12,11,10,10,20,11,21,11,13,23,20]
// why: x = (10, 11, 12, 13), y = (20, 21, 22, 23).
//   shuffle(x, (uint4)(3, 2, 1, 0)) = (x3, x2, x1, x0) = (13, 12, 11, 10): out[0..3].
//   shuffle2(x, y, (uint4)(0, 4, 1, 5)) selects from x ++ y = (10, 11, 12, 13, 20, 21, 22, 23):
//   (10, 20, 11, 21): out[4..7].
//   A mask whose components exceed the input: shuffle(x, (uint2)(5, 7)) keeps the low 2
//   bits (input size 4): 5 -> 1, 7 -> 3, so (x1, x3) = (11, 13), and shuffle2 with mask
//   (15, 12) keeps the low 3 bits (size 8): 15 -> 7 -> y3 = 23, 12 -> 4 -> y0 = 20:
//   out[8..11] = (11, 13, 23, 20). The masks come from memory (m), not constants.
__kernel void perm(__global const int *v, __global const uint *m, __global int *out) {
  int4 x = vload4(0, v);
  int4 y = vload4(1, v);
  vstore4(shuffle(x, (uint4)(3, 2, 1, 0)), 0, out);
  vstore4(shuffle2(x, y, (uint4)(0, 4, 1, 5)), 1, out);
  uint2 big = (uint2)(m[0], m[1]);
  uint2 wrap = (uint2)(m[2], m[3]);
  int2 lo = shuffle(x, big);
  int2 hi = shuffle2(x, y, wrap);
  vstore4((int4)(lo, hi), 2, out);
}
