// spec: CUDA __float_as_int for the exponent of a float, __int_as_float to build powers of two, __int2float_rn, __uint_as_float(__float_as_uint(x))
// run: run --block-dim 3 --init x=1065353216,1052770304,1149239296 --buffer x=3 --buffer expo=3 --buffer built=3
// exit: 0
// expect: verdict=ok final.expo=[0,-2,10] final.built=[1069547520,1080033280,1087373312]
// why: x = 1.0 (0x3f800000, exponent field 127), 0.375 = 1.5 * 2^-2 (0x3ec00000, field 125), 1024
//   (0x44800000, field 137): expo = field - 127 = 0, -2, 10. built = 2^i (bits (127 + i) << 23) +
//   (float)i + 0.5 = 1.5 (0x3fc00000 = 1069547520), 3.5 (0x40600000 = 1080033280), 6.5 (0x40d00000
//   = 1087373312).

/* Float bit tricks: the exponent of a float from __float_as_int, a float built from bits
   with __int_as_float, and __int2float_rn of the thread index. */
__global__ void bits(const float *x, int *expo, float *built) {
  int i = threadIdx.x;
  int b = __float_as_int(x[i]);
  expo[i] = ((b >> 23) & 255) - 127;
  built[i] = __int_as_float((127 + i) << 23) + __int2float_rn(i) + __uint_as_float(__float_as_uint(0.5f));
}
