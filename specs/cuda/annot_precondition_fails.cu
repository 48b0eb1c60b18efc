// spec: a helper's __requires is an obligation of each call (GPUVerify checks preconditions at call sites): a kernel that calls it with a negative argument for one thread fails at the helper's __requires
// run: run --block-dim 4 --buffer out=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=10
// why: the call passes x = t - 1: thread 0 passes -1, so x >= 0 is false for thread 0 alone; the
//   inlined precondition is an assertion at line 10, failing for thread 0.
#include <gpuverify.h>

__device__ int half(int x) {
  __requires(x >= 0);
  __ensures(__return_val_int() * 2 <= __old_int(x));
  return x / 2;
}

__global__ void halve(int *out) { out[threadIdx.x] = half((int)threadIdx.x - 1); }
