// spec: the C library's headers (<stdio.h>, <stdint.h>, <limits.h>, <cfloat> …) resolve to sdvmc's own; host code in the file (main with malloc, cudaMalloc, cudaMemcpy, a launch) parses and is ignored
// run: run --block-dim 4 --buffer out=4 --buffer small=4
// exit: 0
// expect: verdict=ok final.out=[2147483647,-2147483648,263,8] final.small=[250,252,254,0]
// why: out: thread 0 INT_MAX = 2147483647, thread 1 INT_MIN = -2147483648, thread 2
//   UINT8_MAX + CHAR_BIT = 255 + 8 = 263, thread 3 sizeof(int64_t) = 8. small: the uint8_t
//   250 + 2i wraps mod 256: 250, 252, 254, 256 -> 0; FLT_MAX > 1e38f holds, so it is kept.
//   main (host code: malloc, cudaMalloc, cudaMemcpy, the launch, printf) is not lowered.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <stdint.h>
#include <float.h>
#include <limits.h>
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cfloat>
#include <climits>
#include <cuda_runtime.h>

__global__ void limitsKernel(int *out, unsigned *small) {
  int32_t i = threadIdx.x;
  uint8_t b = (uint8_t)(250 + i * 2);
  float f = FLT_MAX;
  small[i] = f > 1e38f ? b : 0u;
  if (i == 0) out[i] = INT_MAX;
  else if (i == 1) out[i] = INT_MIN;
  else if (i == 2) out[i] = UINT8_MAX + CHAR_BIT;
  else out[i] = (int)sizeof(int64_t);
}

int main(int argc, char **argv) {
  const size_t n = 4;
  int *d_out;
  unsigned *d_small;
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc((void **)&d_small, n * sizeof(unsigned));
  int *h_out = (int *)malloc(n * sizeof(int));
  memset(h_out, 0, n * sizeof(int));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  limitsKernel<<<1, n>>>(d_out, d_small);
  cudaEventRecord(stop);
  cudaDeviceSynchronize();
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    fprintf(stderr, "launch failed: %s\n", cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
  cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (size_t i = 0; i < n; ++i) printf("%d\n", h_out[i]);
  free(h_out);
  cudaFree(d_out);
  cudaFree(d_small);
  return 0;
}
