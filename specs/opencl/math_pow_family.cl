// spec: OpenCL pow, pown (integer exponent) and powr (NaN for a negative base) on -2, 4 and 0.25
// run: run --local-size 3 --init in=-1073741824,1082130432,1048576000 --buffer in=3 --buffer a=3 --buffer b=3 --buffer c=3
// exit: 0
// expect: verdict=ok final.a=[1082130432,1098907648,1031798784] final.b=[-1056964608,1115684864,1015021568] final.c=[2143289344,1073741824,1056964608]
// why: x = -2 (0xc0000000), 4 (0x40800000), 0.25 (0x3e800000). pow(x, 2) = 4, 16, 0.0625:
//   0x40800000 = 1082130432, 0x41800000 = 1098907648, 0x3d800000 = 1031798784 (exact powers of
//   two; glibc's powf is exact on them). pown(x, 3) = -8 (0xc1000000 = -1056964608), 64
//   (0x42800000 = 1115684864), 2^-6 (0x3c800000 = 1015021568). powr(x, 0.5): a negative base is
//   NaN in OpenCL (sdvmc gives the quiet NaN 0x7fc00000 = 2143289344), powr(4, 0.5) = 2
//   (1073741824), powr(0.25, 0.5) = 0.5 (1056964608).

/* pow, pown and powr differ on negative bases: a gamma-correction kernel that uses powr
   (undefined, NaN, for negative inputs) next to pown with an integer exponent. */
__kernel void gamma(__global float *in, __global float *a, __global float *b, __global float *c) {
  int i = get_global_id(0);
  float x = in[i];
  a[i] = pow(x, 2.0f);
  b[i] = pown(x, 3);
  c[i] = powr(x, 0.5f);
}
