// spec: CUDA several blocks: each block starts with its own __shared__ memory (as the launch began), so equal shared cells in different blocks never race; final global memory
// run: run --block-dim 2 --grid-dim 2
// exit: 0
// expect: verdict=ok final.out=[2,1,12,11,0,0,0,0]
// why: block b, thread t: old = S[t] is read before any write of the block: 0 in both blocks
//   (block 1 does not see block 0's S). S[t] = 10b + t + 1; after the barrier out[2b + t] =
//   S[1 - t]: block 0 → [2, 1], block 1 → [12, 11]; out[4 + 2b + t] = old = 0. The global cells
//   written by the two blocks are disjoint.
__global__ void swap(int *out) {
  __shared__ int S[2];
  int t = threadIdx.x, b = blockIdx.x;
  int old = S[t];
  S[t] = 10 * b + t + 1;
  __syncthreads();
  out[2 * b + t] = S[1 - t];
  out[4 + 2 * b + t] = old;
}
