// spec: prove (CUDA, two blocks): each thread writes its own global cell A[blockIdx.x * blockDim.x + threadIdx.x]: race-free for every block size, between blocks too (a launch's global size fits 32 bits, so the index does not wrap)
// run: prove --block-dim 4 --grid-dim 2
// exit: 0
// expect: verdict=ok
// run: check --block-dim 4 --grid-dim 2
// exit: 0
// expect: verdict=ok
// why: thread t of block b writes cell b*X + t with 0 <= t < X: distinct for distinct (b, t)
//   as long as b*X + t does not wrap, which the 32-bit global size of a launch guarantees
//   (X * 2 < 2^32). No reads, no barriers: nothing else to check.
__global__ void k(int *A) {
  A[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
