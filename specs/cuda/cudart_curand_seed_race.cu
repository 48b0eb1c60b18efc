// spec: cuRAND set-up kernel: thread 0 advances a global 64-bit seed while the other threads read it for curand_init, with no barrier: a race (curand_init evaluates its arguments)
// run: run --kernel initStates --block-dim 2 --buffer seed=1 --buffer states=2
// exit: 1
// expect: verdict=race
// run: run --kernel initStatesSynced --block-dim 2 --buffer seed=1 --buffer states=2
// exit: 0
// expect: verdict=ok
// why: initStates: thread 0 writes seed[0] (both of its words) and thread 1 reads seed[0] as
//   curand_init's first argument in the same barrier interval: a read-write race between
//   threads 1 and 0. initStatesSynced puts __syncthreads() between the update and the reads,
//   and each thread writes only its own states[tid]: ok.
#include <curand_kernel.h>

__global__ void initStates(unsigned long long *seed, curandState *states) {
  int tid = threadIdx.x;
  if (tid == 0) seed[0] = seed[0] * 6364136223846793005ULL + 1;
  curand_init(seed[0], tid, 0, &states[tid]);
}

__global__ void initStatesSynced(unsigned long long *seed, curandState *states) {
  int tid = threadIdx.x;
  if (tid == 0) seed[0] = seed[0] * 6364136223846793005ULL + 1;
  __syncthreads();
  curand_init(seed[0], tid, 0, &states[tid]);
}
