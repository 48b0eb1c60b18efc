// spec: GPUVerify's __accessed / __not_accessed answered from the thread's read and write logs since the last barrier: a shared-memory rotation (a template helper reads the neighbour's cell) asserts which tile cells the thread touched in each barrier interval
// run: run --block-dim 4 --buffer in=4 --buffer out=4 --init in=10,20,30,40
// exit: 0
// expect: verdict=ok final.out=[20,30,40,10]
// run: check --block-dim 4 --buffer in=4 --buffer out=4 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: before the barrier thread t wrote tile[t] only (its write log of tile: {t}, read log empty), so
//   __accessed(tile, t) holds and __not_accessed(tile, (t + 1) % N) holds. G-SYNC empties the logs, so
//   right after the barrier __not_accessed(tile, t) holds. Then the thread reads tile[(t + 1) % N] (read
//   log {(t + 1) % N}): __accessed(tile, (t + 1) % N) and still __not_accessed(tile, t), since
//   (t + 1) % N != t for N = 4. out[t] = in[(t + 1) % 4]: 20, 30, 40, 10. The check case (every input in
//   0..1) takes the same logs in every execution, whatever the values.
#include <gpuverify.h>

template <int N>
__device__ int neighbour(const int *tile, int t) { return tile[(t + 1) % N]; }

template <int N>
__global__ void rotate(const int *in, int *out) {
  __shared__ int tile[N];
  int t = threadIdx.x;
  tile[t] = in[t];
  __assert(__accessed(tile, t) && __not_accessed(tile, (t + 1) % N));
  __syncthreads();
  __assert(__not_accessed(tile, t));
  out[t] = neighbour<N>(tile, t);
  __assert(__accessed(tile, (t + 1) % N) && __not_accessed(tile, t));
}

template __global__ void rotate<4>(const int *, int *);
