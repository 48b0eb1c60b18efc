// spec: prove (CUDA, several blocks): a block copies its inputs into __shared__ s[1024]: correct for blocks of up to 1024 threads, out of bounds from 1025; check and run at the launch's size find nothing
// run: prove --block-dim 8 --grid-dim 2 --every-size --max-threads 2048
// exit: 1
// expect: verdict=out-of-bounds witness.threads=1025 witness.group=0 confirmed=true
// run: prove --block-dim 8 --grid-dim 2 --every-size
// exit: 0
// expect: verdict=ok bound.threads="1..1024" bound.mode="every-size"
// run: prove --block-dim 8 --grid-dim 2
// exit: 0
// expect: verdict=ok bound.threads="8" bound.mode="launch"
// run: check --block-dim 8 --grid-dim 2
// exit: 0
// expect: verdict=ok
// why: thread t writes s[t]; s has 1024 cells, so the first thread out of bounds is t = 1024,
//   present when blockDim.x >= 1025: with --every-size (every block size of the launch's one
//   dimension) and --max-threads 2048 the smallest group size is 1025 (prove keeps the grid 1-D
//   and prefers group 0). Below it every access is in bounds; thread 0 alone reads s[0..n-1]
//   after the barrier (no race: the writes were merged at it) and writes A[block's first
//   cell], which no other thread of the block touches after the barrier. check at 8 threads:
//   ok for every input. Without --max-threads, --every-size stops at CUDA's limit of 1,024
//   threads per block, where every access is in bounds: ok within that bound
//   (bound.threads 1..1024). Without --every-size prove answers GPUVerify's question, the
//   launch itself (8 threads per block, 2 blocks; bound.threads 8): ok.
__global__ void reduce(int *A) {
  __shared__ int s[1024];
  unsigned t = threadIdx.x;
  s[t] = A[blockIdx.x * blockDim.x + t];
  __syncthreads();
  if (t == 0) {
    int sum = 0;
    for (unsigned i = 0; i < blockDim.x; i++) sum += s[i];
    A[blockIdx.x * blockDim.x] = sum;
  }
}
