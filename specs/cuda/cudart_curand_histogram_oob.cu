// spec: cuRAND histogram of uniform draws: curand_uniform's range is (0, 1], so (int)(u * NBINS) can be NBINS and the atomic update goes out of bounds
// run: run --block-dim 2 --buffer states=2 --buffer hist=4
// exit: 0
// expect: verdict=ok final.hist=[2,0,0,0]
// run: run --block-dim 2 --buffer states=2 --buffer hist=4 --init __arbitrary=-1
// exit: 1
// expect: verdict=out-of-bounds
// run: check --block-dim 2 --buffer states=2 --buffer hist=4 --domain -1..0
// exit: 1
// expect: verdict=out-of-bounds
// why: the kernel copies its state to a local (SDK style), draws u = curand_uniform, the
//   float x * 2^-32 + 2^-33 of the generator's word x, and adds 1 to hist[(int)(u * 4)].
//   run (x = 0): u = 2^-33, u * 4 = 2^-31, bin 0 for both threads: hist = [2, 0, 0, 0] (run
//   starts hist at 0). With thread 0's draw x = 0xffffffff (cell 0 of __arbitrary is thread
//   0's first arbitrary value): (float)x rounds to 2^32, times 2^-32 is 1, plus 2^-33 rounds
//   back to 1.0f (the float spacing at 1 is 2^-23): u = 1.0f, bin 4, outside hist[4]:
//   out-of-bounds. check with the domain -1..0 finds the same draw.
#include <curand_kernel.h>

#define NBINS 4

__global__ void randomHistogram(curandState *states, int *hist) {
  int tid = threadIdx.x;
  curandState local = states[tid];
  float u = curand_uniform(&local);
  int bin = (int)(u * NBINS);
  atomicAdd(&hist[bin], 1);
  states[tid] = local;
}
