// spec: prove (CUDA, 65 blocks): the last block's boundary fix-up writes out[0], which block 0 also writes; the inter-group witness is replayed over the whole 65-block launch (witnesses with more than 64 groups used to end inconclusive, unreplayed)
// run: prove --block-dim 4 --grid-dim 65 --every-size
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE witness.threads=1 confirmed=true
// run: prove --block-dim 4 --grid-dim 65
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE witness.threads=4 confirmed=true
// run: run --block-dim 4 --grid-dim 65
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=64
// why: every thread writes its own cell out[blockIdx.x * blockDim.x + threadIdx.x], distinct
//   across the launch. Thread 0 of the last block (blockIdx.x == gridDim.x - 1 == 64) also
//   writes out[0] (the halo fix-up meant out[n - 1]); thread 0 of block 0 writes out[0] as its
//   own cell. Blocks cannot synchronise: an inter-group race, already with one thread per
//   block (with --every-size prove's smallest group size is 1; the grid stays the launch's 65
//   blocks), and the replay of that 65-block, 1-thread launch reports it (confirmed). At the
//   launch itself (the default) the witness has 4 threads per block, replayed likewise. run at the launch: blocks
//   run in order, block 64's first write (out[0], line of the if) meets block 0's write of
//   out[0]: rule INTER-GROUP-RACE, verdict in group 64.
namespace stencil {
__device__ __forceinline__ void fix_halo(float* out) { out[0] = 0.0f; }

__global__ void fixup(float* out) {
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) fix_halo(out);
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}
}  // namespace stencil
