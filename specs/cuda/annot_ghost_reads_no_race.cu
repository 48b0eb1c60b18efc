// spec: annotation reads are not accesses: a barrier invariant that reads the neighbour's cell, followed by the neighbour writing that cell in the next interval, is no race (GPUVerify does not log the reads of its assertions either); the same read as code races
// run: run --block-dim 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[2,4,6,8]
// run: run --block-dim 4 --buffer out=4 --param plain=1
// exit: 1
// expect: verdict=race
// why: s[t] = t + 1, barrier; the invariant after it reads s[(t + 1) % 4] = t + 2 (mod 4 wrap: thread 3 reads
//   s[0] = 1) and checks it is positive: true. Then every thread writes s[t] = 2 * s[t]: thread t + 1 writes the
//   cell thread t's invariant read, in the same interval, but the invariant's read is a ghost read: no race.
//   out[t] = s[t] after the last barrier: 2, 4, 6, 8. Case 2 (plain = 1): the kernel also reads the
//   neighbour's cell as code (x = s[(t + 1) % 4]) before the write: thread t reads the cell thread t + 1 then
//   writes, with no barrier between: a race.
#include <gpuverify.h>

__global__ void doubleUp(int *out, int plain) {
  __shared__ int s[4];
  int t = threadIdx.x;
  s[t] = t + 1;
  __barrier_invariant_1(s[(t + 1) % 4] > 0, t);
  __syncthreads();
  int x = 0;
  if (plain) x = s[(t + 1) % 4];
  s[t] = 2 * s[t] + 0 * x;
  __syncthreads();
  out[t] = s[t];
}
