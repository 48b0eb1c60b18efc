// spec: GPUVerify-style tree reduction in shared memory with __barrier_invariant_1 after each halving step (checked after the barrier, over every thread, with unlogged reads); the loop has an __invariant on the stride and a __candidate_invariant that does not hold (dropped with a note at the end of the run, never an error)
// run: run --block-dim 8 --buffer in=8 --buffer out=1 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[36]
// stderr: note: candidate does not hold for thread 0: dropped
// why: s[t] = in[t] = t + 1. Strides 4, 2, 1: after stride 4, s[0..3] = 1+5, 2+6, 3+7, 4+8 = 6, 8, 10, 12;
//   after stride 2: s[0] = 16, s[1] = 20; after stride 1: s[0] = 36, written to out[0] by thread 0.
//   __invariant(__is_pow2(d) || d == 0) at each head: d = 4, 2, 1, 0 (4, 2, 1 are powers of two; 0 ends it).
//   The barrier invariant, checked after each barrier by every thread: t < d implies s[t] >= t + 1; every
//   partial sum of positive inputs includes in[t] = t + 1, so it holds (stride 4: s[3] = 12 >= 4, ...).
//   Its read of s[t] is a ghost read: no access is logged, so it cannot race with the next step's writes.
//   The candidate d < 2 is false at the first head (d = 4) for every thread: it is dropped (thread 0, the
//   lowest, named in the note) and the run goes on to the same result.
#include <gpuverify.h>

#define N 8

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[N];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned d = N / 2;
       __invariant(__is_pow2(d) || d == 0), __candidate_invariant(d < 2), d > 0;
       d >>= 1) {
    if (t < d) s[t] += s[t + d];
    __barrier_invariant_1(__implies(t < d, s[t] >= (int)t + 1), t);
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
