// spec: a two-dimensional register tile `float acc[TM][TN]` checks each subscript against its own dimension: a row index outside 0..TM-1 names acc (TM elements), a column outside 0..TN-1 names acc_row (TN elements), even where the flattened index would stay inside the tile
// run: run --kernel 'gemm::outerTile<2, 4>' --block-dim 2 --param row=1 --param col=3
// exit: 0
// expect: verdict=ok
// run: run --kernel 'gemm::outerTile<2, 4>' --block-dim 2 --param row=0 --param col=4
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=acc_row index=4 size=4 location.line=30
// expect: message="thread 0 indexes the private array acc_row (4 elements) at 4"
// run: run --kernel 'gemm::outerTile<2, 4>' --block-dim 2 --param row=2 --param col=0
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=acc index=2 size=2 location.line=30
// expect: message="thread 0 indexes the private array acc (2 elements) at 2"
// run: run --kernel 'gemm::outerTile<2, 4>' --block-dim 2 --param row=-1 --param col=5
// exit: 1
// expect: verdict=out-of-bounds array=acc index=-1 size=2
// why: acc is 2 rows of 4 floats, filled in bounds by the loops. out[t] = acc[row][col] at line
//   30: row = 1, col = 3 is inside both dimensions: ok. C leaves acc[0][4] undefined (the
//   column is outside the row, although the flattened index 0·4 + 4 = 4 is inside the 8 cells),
//   so the column is checked against the row's 4 elements: acc_row, index 4, thread 0 (every
//   thread indexes the same; the lowest). row = 2 is outside the 2 rows: acc, index 2, 2
//   elements. The row is checked before the column (acc[row] is formed first): row = -1 with
//   col = 5 reports the row, index -1.
namespace gemm {

template <int TM, int TN>
__global__ void outerTile(const float *a, const float *b, float *out, int row, int col) {
  float acc[TM][TN];
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j) acc[i][j] = a[threadIdx.x * TM + i] * b[j];
  out[threadIdx.x] = acc[row][col];
}

template __global__ void outerTile<2, 4>(const float *, const float *, float *, int, int);

}  // namespace gemm
