// Tree reduction in shared memory, with a helper and an early exit.
#include <cuda.h>
#define N 8

__device__ int combine(int a, int b) { return a > b ? a : b; }

__global__ void reduce(int *in, int *out) {
  __shared__ int s[N];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned d = blockDim.x / 2; d > 0; d >>= 1) {
    if (t < d) s[t] = combine(s[t], s[t + d]);
    __syncthreads();
  }
  if (t != 0) return;
  out[blockIdx.x] = s[0];
}
