// spec: CUDA __device__ array with an initialiser is writable global memory: run starts from the initialiser, a cross-thread read without __syncthreads races
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.hist=[11,11,11,11]
// run: check --block-dim 4
// exit: 0
// expect: verdict=ok
// why: hist = {10, 10, 10, 10} in the source (__device__: `*10` cells, arbitrary for check,
//   10 for run). Each thread increments its own cell: hist[i] = 10 + 1 = 11, no conflict.
//   check explores the arbitrary initial contents: each thread still touches its own cell
//   only, so every value gives ok. (Writes to __device__ memory are allowed: it is not
//   constant memory.)
__device__ int hist[4] = {10, 10, 10, 10};

__global__ void bump() {
  int i = threadIdx.x;
  hist[i] = hist[i] + 1;
}
