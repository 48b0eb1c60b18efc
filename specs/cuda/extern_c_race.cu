// spec: a kernel inside an extern "C" block whose threads all write one shared accumulator without synchronisation: the race is found as in any kernel
// run: run --block-dim 4 --buffer out=1
// exit: 1
// expect: verdict=race
// why: every thread runs `total += threadIdx.x` on the __shared__ total before the barrier:
//   each reads and writes total, so threads 0 and 1 (the first pair) both write the same
//   cell between two barriers: a write-write (and read-write) race at the barrier (G-RACE).
extern "C" {
__global__ void sumIds(int *out) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  total += threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = total;
}
}
