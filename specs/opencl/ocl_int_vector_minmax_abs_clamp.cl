// spec: OpenCL min, max, abs and clamp on int4 and char4 vectors (scalar bounds broadcast), abs giving the unsigned vector type
// run: run --local-size 1 --init v=-5,7,-128,3
// exit: 0
// expect: verdict=ok final.out=[-5,2,-128,2,0,7,0,3,5,7,128,3,0,4,0,3,-5,4,-5,3,5,7,128,3]
// why: a = (-5, 7, -128, 3) (int4), c = convert_char4(a) = the same values as chars.
//   out[0..3] = min(a, (int4)(2)) = (-5, 2, -128, 2).
//   out[4..7] = max(a, 0), the scalar 0 broadcast: (0, 7, 0, 3).
//   out[8..11] = as_int4(abs(a)): abs gives the uint4 (5, 7, 128, 3), the same words.
//   out[12..15] = clamp(a, 0, 4) = min(max(a, 0), 4) = (0, 4, 0, 3).
//   out[16..19] = clamp(c, -5, 4) on chars: (-5, 4, -5, 3).
//   out[20..23] = abs(c), a uchar4: (5, 7, 128, 3) (|-128| = 128 fits a uchar), widened.
//   vstore4(v, k, out) writes out[4k .. 4k + 3]. One work-item: no race.
__kernel void vec_ops(__global const int *v, __global int *out) {
  int4 a = (int4)(v[0], v[1], v[2], v[3]);
  char4 c = convert_char4(a);
  vstore4(min(a, (int4)(2)), 0, out);
  vstore4(max(a, 0), 1, out);
  vstore4(as_int4(abs(a)), 2, out);
  vstore4(clamp(a, 0, 4), 3, out);
  vstore4(convert_int4(clamp(c, (char)-5, (char)4)), 4, out);
  uchar4 ac = abs(c);
  vstore4(convert_int4(ac), 5, out);
}
