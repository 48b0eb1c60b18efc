// spec: cuRAND normal draws scaled and shifted (mean 10, standard deviation 2); sdvmc does not compute Box-Muller: curand_normal is any float
// run: run --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[1092616192,1092616192]
// stderr: NaN and infinities included
// why: curand_normal gives an arbitrary float (run: the word 0, i.e. 0.0f): out[t] =
//   10.0f + 2.0f * 0.0f = 10.0f, whose bits are 0x41200000 = 1092616192, for both threads.
#include <curand_kernel.h>

__device__ float gaussian(curandState *s, float mean, float sigma) {
  return mean + sigma * curand_normal(s);
}

__global__ void normalSamples(unsigned long long seed, float *out) {
  int tid = threadIdx.x;
  curandState s;
  curand_init(seed, tid, 0, &s);
  out[tid] = gaussian(&s, 10.0f, 2.0f);
}
