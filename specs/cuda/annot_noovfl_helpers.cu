// spec: GPUVerify's arithmetic helpers: __add_noovfl_signed/__add_noovfl_unsigned as predicates (true iff the addition does not overflow), __add_noovfl_int (the sum, assuming no overflow: an input that overflows discards the execution), __is_pow2, __mod_pow2 and __ite, in a bucketing kernel
// run: run --block-dim 4 --buffer out=4 --param base=100
// exit: 0
// expect: verdict=ok final.out=[0,1,2,3]
// run: run --block-dim 4 --buffer out=4 --param base=2147483646
// exit: 0
// expect: verdict=discarded rule=T-ASSUME threads=[2] location.line=23
// why: case 1: s = __add_noovfl_int(base, t) = 100 + t (no overflow, the assumption holds); bucket =
//   __mod_pow2(s, 4) = s & 3 = (100 + t) & 3 = t (100 is a multiple of 4); out = __ite(__is_pow2(4), bucket,
//   0) = t. The assertions: __add_noovfl_signed(INT_MAX, 1) is false (2147483647 + 1 wraps),
//   __add_noovfl_unsigned(0xFFFFFFFF, 1) false, __add_noovfl_signed(-5, 3) true, __add_noovfl_unsigned(7, 8)
//   true; __is_pow2(0) false, __is_pow2(64) true, __is_pow2(12) false.
//   Case 2: base = 2^31 - 2: base + t overflows for t = 2, 3 (2^31 - 2 + 2 = 2^31 > INT_MAX): the
//   assumption __add_noovfl_int makes at its call (line 23) is false for threads 2 and 3: the execution is
//   discarded, thread 2 (the lowest) named.
#include <gpuverify.h>

__global__ void bucket(int *out, int base) {
  int t = threadIdx.x;
  __assert(!__add_noovfl_signed(2147483647, 1) && !__add_noovfl_unsigned(0xFFFFFFFFu, 1u));
  __assert(__add_noovfl_signed(-5, 3) && __add_noovfl_unsigned(7u, 8u));
  __assert(!__is_pow2(0) && __is_pow2(64) && !__is_pow2(12));
  int s = __add_noovfl_int(base, t);
  int b = __mod_pow2(s, 4);
  out[t] = __ite(__is_pow2(4), b, 0);
}
