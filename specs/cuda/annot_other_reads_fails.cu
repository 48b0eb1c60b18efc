// spec: __uniform_int of a shared cell that one thread has just written, before the barrier: the others read it in their own views (SDV's shadow memories), still the old value, so the pair predicate fails; the annotation's reads are ghost reads, no race
// run: run --block-dim 4 --buffer out=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=21
// why: every thread clears flag[t] and the barrier merges: every view has flag = {0, 0, 0, 0}. Thread 0
//   then writes flag[0] = 5 (line 20), which only its own view shows until the next barrier. At line 21
//   __uniform_int(flag[0]) makes each thread read flag[0] in its own view: 5 for thread 0, 0 for threads
//   1..3. pairs(x == other(x)) fails for thread 0 (5 against 0) and for threads 1..3 (their pair with 0):
//   the lowest enabled thread, 0, is reported at line 21. The reads are not logged, so thread 0's write
//   races with nothing.
#include <gpuverify.h>

__device__ void clear(int *cells, unsigned t) { cells[t] = 0; }

__global__ void publish(int *out) {
  __shared__ int flag[4];
  unsigned t = threadIdx.x;
  clear(flag, t);
  __syncthreads();
  if (t == 0) flag[0] = 5;
  __assert(__uniform_int(flag[0]));
  __syncthreads();
  out[t] = flag[0];
}
