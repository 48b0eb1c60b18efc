// spec: pointers in a private array (`const int* rowVals[2]`, `const int* rowCols[2]`) filled in a loop and indexed (a CSR SpMV whose thread keeps row pointers for its two rows); a row assignment that overlaps the next thread's rows races on y
// run: run --block-dim 2 --param overlap=0 --buffer rowPtr=5 --init rowPtr=0,1,3,3,4 --init vals=1,2,3,4 --init cols=0,1,3,2 --init x=1,10,100,1000
// exit: 0
// expect: verdict=ok final.y=[1,3020,0,400]
// run: run --block-dim 2 --param overlap=1 --buffer rowPtr=5 --init rowPtr=0,1,3,3,4 --init vals=1,2,3,4 --init cols=0,1,3,2 --init x=1,10,100,1000
// exit: 1
// expect: verdict=race
// run: check --block-dim 2 --param overlap=0 --buffer rowPtr=5
// exit: 0
// expect: verdict=ok
// run: check --block-dim 2 --param overlap=1 --buffer rowPtr=5
// exit: 1
// expect: verdict=race
// why: the 4x4 CSR matrix has row 0 = {col 0: 1}, row 1 = {col 1: 2, col 3: 3}, row 2 = {} and
//   row 3 = {col 2: 4} (rowPtr = 0,1,3,3,4). With overlap = 0 thread t takes rows 2t and 2t + 1:
//   rowVals[r] = vals + rowPtr[row], rowCols[r] = cols + rowPtr[row], len[r] = rowPtr[row + 1] -
//   rowPtr[row]; then y[row] = sum over k < len[r] of rowVals[r][k] * x[rowCols[r][k]]:
//   y0 = 1 * x0 = 1, y1 = 2 * x1 + 3 * x3 = 20 + 3000 = 3020, y2 = 0 (empty), y3 = 4 * x2 = 400.
//   Each y[row] is written by one thread: ok. With overlap = 1 thread t takes rows t and t + 1,
//   so thread 0 and thread 1 both write y[1] (rows 1 and 1): a write-write conflict, reported at
//   the kernel's final barrier (G-RACE). check: for any matrix and x (rowPtr's 5 cells read at
//   rows + 1 <= 4), the rows a thread writes depend only on t, so the same verdicts: ok with
//   overlap = 0, the race on y[1] with overlap = 1.
namespace sparse {

struct CsrView {
  const int* rowPtr;
  const int* vals;
  const int* cols;
};

template <int ROWS>
__device__ void spmvRows(CsrView a, const int* x, int* y, int firstRow, int step) {
  const int* rowVals[ROWS];
  const int* rowCols[ROWS];
  int len[ROWS];
  for (int r = 0; r < ROWS; ++r) {
    int row = firstRow + r * step;
    rowVals[r] = a.vals + a.rowPtr[row];
    rowCols[r] = a.cols + a.rowPtr[row];
    len[r] = a.rowPtr[row + 1] - a.rowPtr[row];
  }
  for (int r = 0; r < ROWS; ++r) {
    int acc = 0;
    for (int k = 0; k < len[r]; ++k) acc += rowVals[r][k] * x[rowCols[r][k]];
    y[firstRow + r * step] = acc;
  }
}

}  // namespace sparse

__global__ void csrSpmv(const int* rowPtr, const int* vals, const int* cols, const int* x, int* y, int overlap) {
  int t = threadIdx.x;
  sparse::CsrView a = {rowPtr, vals, cols};
  int first = overlap ? t : 2 * t;
  sparse::spmvRows<2>(a, x, y, first, 1);
}
