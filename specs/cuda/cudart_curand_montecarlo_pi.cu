// spec: cuRAND Monte-Carlo estimate of pi: each thread draws points with curand_uniform from its own curandState and counts those inside the quarter circle
// run: run --block-dim 2 --buffer hits=2
// exit: 0
// expect: verdict=ok final.hits=[2,2]
// stderr: note: cuRAND: sdvmc does not compute the generator
// run: check --block-dim 2 --buffer hits=2
// exit: 0
// expect: verdict=ok
// why: curand_uniform is x * 2^-32 + 2^-33 (in float) of an arbitrary word x, as cuRAND
//   computes it. run takes x = 0: every draw is 2^-33, so x*x + y*y = 2^-66 + 2^-66 = 2^-65
//   <= 1 and both samples count: hits = [2, 2]. check explores x in {0, 1}: a draw is 2^-33
//   or 2^-32 + 2^-33, squares far below 1, so both samples count on every path, the
//   per-thread state (a local) and hits[tid] are private to each thread: ok.
#include <curand_kernel.h>

#define SAMPLES 2

__device__ int insideQuarterCircle(curandState *state) {
  float x = curand_uniform(state);
  float y = curand_uniform(state);
  return x * x + y * y <= 1.0f;
}

__global__ void monteCarloPi(unsigned long long seed, int *hits) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, tid, 0, &state);
  int count = 0;
  for (int i = 0; i < SAMPLES; ++i) count += insideQuarterCircle(&state);
  hits[tid] = count;
}
