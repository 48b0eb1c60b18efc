// spec: a templated register tile `float acc[TILE]` indexed by a kernel parameter one past its end is the verdict out-of-bounds (T-PRIVATE-INDEX) naming acc, the index and TILE, under run and prove; the clamped variant is ok (private_register_tile_rows.cu: a lane-dependent index)
// run: run --kernel 'tiles::gatherColumn<4>' --block-dim 2 --param col=3
// exit: 0
// expect: verdict=ok
// run: run --kernel 'tiles::gatherColumn<4>' --block-dim 2 --param col=4
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=acc index=4 size=4 private=true location.line=42
// expect: message="thread 0 indexes the private array acc (4 elements) at 4"
// run: run --kernel 'tiles::gatherColumnClamped<4>' --block-dim 2 --param col=4
// exit: 0
// expect: verdict=ok
// run: prove --kernel 'tiles::gatherColumn<4>'
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX witness.threads=1 confirmed=true replayed.verdict=out-of-bounds
// run: prove --kernel 'tiles::gatherColumnClamped<4>'
// exit: 0
// expect: verdict=ok
// why: acc starts at zero; accumulateTile adds to acc[0..3] through the pointer it is given (the private array acc: k < TILE
//   = 4, in bounds). gatherColumn reads acc[col] at line 42: col = 3 is inside 0..3 for every
//   thread (ok); col = 4 is one past the end for every thread, the lowest being thread 0: the
//   verdict names acc, index 4 and its 4 elements. gatherColumnClamped clamps col to 0..3
//   (4 → 3): ok. prove: col is an arbitrary parameter, so a single thread with col ∉ 0..3
//   already fails (smallest block: 1 thread), and its replay by the interpreter is the same
//   out-of-bounds; the clamped variant never indexes outside 0..3, its threads write distinct
//   out[row] (row = threadIdx.x in the one block) and read in only, with no barrier: ok.
//   The kernels use threadIdx.x only: prove covers every block of one dimension.
namespace tiles {

// Accumulates this thread's TILE consecutive inputs into its registers.
template <int TILE>
__device__ void accumulateTile(float *acc, const float *in, int row) {
#pragma unroll
  for (int k = 0; k < TILE; ++k) acc[k] += in[row * TILE + k];
}

// out[row] = column `col` of the thread's tile, scaled.
template <int TILE>
__global__ void gatherColumn(const float *in, float *out, int col, float scale) {
  float acc[TILE] = {};  // the accumulators start at zero
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  accumulateTile<TILE>(acc, in, row);
  out[row] = acc[col] * scale;
}

// The fixed variant: the column is clamped to the tile.
template <int TILE>
__global__ void gatherColumnClamped(const float *in, float *out, int col, float scale) {
  float acc[TILE] = {};  // the accumulators start at zero
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  accumulateTile<TILE>(acc, in, row);
  const int c = col < 0 ? 0 : (col >= TILE ? TILE - 1 : col);
  out[row] = acc[c] * scale;
}

template __global__ void gatherColumn<4>(const float *, float *, int, float);
template __global__ void gatherColumnClamped<4>(const float *, float *, int, float);

}  // namespace tiles
