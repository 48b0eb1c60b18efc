// spec: cuRAND Philox4_32_10 with curand_uniform4: four uniform draws per call, summed
// run: run --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[805306368,805306368]
// run: check --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok
// why: each component of curand_uniform4 is x * 2^-32 + 2^-33 of an arbitrary word x; run
//   takes x = 0, so each is 2^-33 and v.x + v.y + v.z + v.w = 2^-32 + 2^-33 + 2^-33 = 2^-31
//   (exact: sums of powers of two far from the float precision limit), whose bits are
//   (127 - 31) << 23 = 96 << 23 = 0x30000000 = 805306368. The state is a local and out[t]
//   is thread t's: ok for every draw.
#include <curand_kernel.h>

__global__ void philoxSum(unsigned long long seed, float *out) {
  int tid = threadIdx.x;
  curandStatePhilox4_32_10_t state;
  curand_init(seed, tid, 0, &state);
  float4 v = curand_uniform4(&state);
  out[tid] = v.x + v.y + v.z + v.w;
}
