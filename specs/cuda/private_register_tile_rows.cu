// spec: a register tile `float acc[TILE]` indexed by threadIdx.y (each row of threads keeps its own register) is out-of-bounds (T-PRIVATE-INDEX) in a block taller than the tile, naming acc, the index and TILE; ok in a block of at most TILE rows
// run: run --kernel 'tiles::rowSelect<4>' --block-dim 2,4
// exit: 0
// expect: verdict=ok
// run: run --kernel 'tiles::rowSelect<4>' --block-dim 2,5
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[8] array=acc index=4 size=4 location.line=35
// expect: message="thread 8 indexes the private array acc (4 elements) at 4"
// run: prove --kernel 'tiles::rowSelect<4>'
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX witness.threads=5 confirmed=true replayed.verdict=out-of-bounds
// why: acc starts at zero; accumulateTile adds to acc[0..3] (k < TILE = 4, in bounds). rowSelect reads acc[threadIdx.y] at
//   line 35: with blockDim (2,4), y ∈ 0..3: ok (each thread writes its own out[idx], idx =
//   y·2 + x distinct). With (2,5) the threads with y = 4 (linear ids x + 2y = 8, 9) index acc[4],
//   one past the end; the lowest is thread 8. prove (every block shape of the x and y the kernel
//   uses): a thread with threadIdx.y = 4 needs blockDim.y ≥ 5, so at least 5 threads (the block
//   1×5); no smaller block fails (idx = y·blockDim.x + x is distinct per thread, so the writes
//   do not race, and there is no barrier), so the smallest breaking block has 5 threads, and the
//   interpreter's replay of it gives the same out-of-bounds.
namespace tiles {

// Accumulates this thread's TILE consecutive inputs into its registers.
template <int TILE>
__device__ void accumulateTile(float *acc, const float *in, int row) {
#pragma unroll
  for (int k = 0; k < TILE; ++k) acc[k] += in[row * TILE + k];
}

// Each row of threads of the block keeps its own register of the tile (blockDim.y <= TILE).
template <int TILE>
__global__ void rowSelect(const float *in, float *out) {
  float acc[TILE] = {};  // the accumulators start at zero
  const int idx = threadIdx.y * blockDim.x + threadIdx.x;
  accumulateTile<TILE>(acc, in, idx);
  out[idx] = acc[threadIdx.y];
}

template __global__ void rowSelect<4>(const float *, float *);

}  // namespace tiles
