// spec: GPUVerify function contracts on a device helper, inlined at each call: __requires is checked at the call (a precondition), __ensures at the helper's end with __return_val_int() and __old_int(x) (x's value on entry, though the helper changes x), and the kernel's own __requires is assumed
// run: run --block-dim 4 --buffer out=4 --param k=3
// exit: 0
// expect: verdict=ok final.out=[3,4,5,6]
// why: clampAdd(x = t, k = 3): requires x >= 0 (t = 0..3) holds; x becomes x + k = t + 3, at most 6 <= 100,
//   so no clamping; returns x = t + 3: out = 3, 4, 5, 6. Ensures: __return_val_int() == __old_int(x) + k:
//   t + 3 == t + 3, true, though x itself changed; __return_val_int() >= 0 holds.
#include <gpuverify.h>

__device__ int clampAdd(int x, int k) {
  __requires(x >= 0 && k >= 0);
  __ensures(__return_val_int() >= 0);
  __ensures(__implies(__old_int(x) + k <= 100, __return_val_int() == __old_int(x) + k));
  x = x + k;
  if (x > 100) x = 100;
  return x;
}

__global__ void shift(int *out, int k) {
  __requires(k >= 0 && k < 10);
  out[threadIdx.x] = clampAdd(threadIdx.x, k);
}
