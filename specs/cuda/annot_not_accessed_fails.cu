// spec: __not_accessed that does not hold: a staging kernel asserts, before its barrier, that the thread has not touched the cell it just wrote (the assertion meant for after the barrier); it fails for thread 0 at that line
// run: run --block-dim 4 --buffer in=4 --buffer out=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=16
// why: thread t writes stage[t] (write log of stage: {t}); __not_accessed(stage, t) is
//   rd_all(stage, off != t) && wr_all(stage, off != t) and the write log's entry t makes it false, for every
//   thread; the lowest failing thread is 0, at the first __assert (line 16).
#include <gpuverify.h>

__device__ void load(int *stage, const int *in, int t) { stage[t] = in[t] * 2; }

__global__ void staged(const int *in, int *out) {
  __shared__ int stage[4];
  int t = threadIdx.x;
  load(stage, in, t);
  __assert(__not_accessed(stage, t));
  __syncthreads();
  out[t] = stage[3 - t];
}
