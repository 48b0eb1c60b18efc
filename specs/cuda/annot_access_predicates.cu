// spec: GPUVerify's access predicates answered from the thread's read and write logs since the last barrier: a stencil that reads its neighbours and writes its own cell asserts __write_implies(out, __write_offset_bytes(out) == t * 4), __read_implies(in, ...) over the offsets it read, __no_write(in), and after the barrier __no_read(in)
// run: run --block-dim 4 --buffer in=6 --buffer out=4 --init in=1,2,3,4,5,6
// exit: 0
// expect: verdict=ok final.out=[6,9,12,15]
// why: out[t] = in[t] + in[t+1] + in[t+2]: 1+2+3 = 6, 2+3+4 = 9, 3+4+5 = 12, 4+5+6 = 15. Thread t's read
//   log of in holds t, t+1, t+2, so __read_implies(in, t <= off && off <= t + 2) holds for each entry; its
//   write log of out holds t only, at byte offset 4t; it wrote no cell of in. After the barrier the logs are
//   empty: __no_read(in) and __no_write(out) hold. __read(in) before the barrier is true (3 entries).
#include <gpuverify.h>

__device__ int window(const int *in, int t) { return in[t] + in[t + 1] + in[t + 2]; }

__global__ void stencil(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = window(in, t);
  __assert(__read(in));
  __assert(__read_implies(in, t <= __read_offset(in) && __read_offset(in) <= t + 2));
  __assert(__write_implies(out, __write_offset_bytes(out) == t * 4));
  __assert(__no_write(in));
  __syncthreads();
  __assert(__no_read(in) && __no_write(out));
}
