// spec: the same reduction with a wrong barrier invariant (GPUVerify would report it as possibly not holding): sdvmc checks it after the barrier and names the first thread for which it is false
// run: run --block-dim 8 --buffer in=8 --buffer out=1 --init in=1,2,3,4,5,6,7,8
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[1] location.line=20
// why: s[t] = t + 1. After the first step (d = 4) s[0..3] = 6, 8, 10, 12. The invariant claims
//   t < d implies s[t] == 6 * (t + 1): thread 0: 6 == 6 holds; thread 1: 8 == 12 is false. The lowest
//   failing thread, 1, is reported at the invariant's line (20).
#include "gpuverify.h"

#define N 8

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[N];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned d = N / 2; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
    // claims every partial sum is 6 * (t + 1): true for thread 0 only
    __barrier_invariant_2(__implies(t < d, s[t] == 6 * ((int)t + 1)), t, t + d);
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
