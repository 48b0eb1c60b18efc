// spec: cuRAND states in global memory: one state per block (a common indexing bug) makes the threads' curand calls race on it; one state per thread does not
// run: run --kernel drawPerBlock --block-dim 2 --buffer states=1 --buffer out=2
// exit: 1
// expect: verdict=race threads=[0,1]
// run: run --kernel drawPerThread --block-dim 2 --buffer states=2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[0,0]
// run: check --kernel drawPerThread --block-dim 2 --buffer states=2 --buffer out=2
// exit: 0
// expect: verdict=ok
// why: curand(s) advances the generator: it writes the state *s. In drawPerBlock both
//   threads of block 0 use states[blockIdx.x] = states[0], so threads 0 and 1 write the same
//   cell with no barrier: a write-write race between threads 0 and 1. In drawPerThread thread
//   t uses states[t]: no conflict. The drawn value is arbitrary (run: 0), so out = [0, 0];
//   check: each out[t] is written by thread t only, whatever the values: ok.
#include <curand_kernel.h>

__global__ void drawPerBlock(curandState *states, unsigned int *out) {
  curandState *s = &states[blockIdx.x];
  out[threadIdx.x] = curand(s);
}

__global__ void drawPerThread(curandState *states, unsigned int *out) {
  curandState *s = &states[threadIdx.x];
  out[threadIdx.x] = curand(s);
}
