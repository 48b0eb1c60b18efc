// spec: the programming guide's shared-memory matrix multiply (pointer field `elements` in Matrix locals and by-value parameters) without the barrier between loading the tiles and reading them: a race on As
// run: run --block-dim 2,2 --buffer A.elements=8 --buffer B.elements=8 --buffer C.elements=4 --param A.width=4 --param A.height=2 --param A.stride=4 --param B.width=2 --param B.height=4 --param B.stride=2 --param C.width=2 --param C.height=2 --param C.stride=2 --init A.elements=1,2,3,4,5,6,7,8 --init B.elements=1,0,0,1,1,1,2,0
// exit: 1
// expect: verdict=race
// why: without the first __syncthreads, thread (row 0, col 0) reads As[0][1] in its inner loop
//   (e = 1) while thread (row 0, col 1) may not yet have written As[0][1] = GetElement(Asub, 0, 1)
//   in the same barrier interval: a write and a read of the same shared cell by two threads with
//   no barrier between them. The pointer fields themselves are per-thread copies (Asub, Bsub).
#define BLOCK_SIZE 2
typedef struct {
  int width;
  int height;
  int stride;
  int* elements;
} Matrix;
__device__ int GetElement(const Matrix A, int row, int col) { return A.elements[row * A.stride + col]; }
__device__ void SetElement(Matrix A, int row, int col, int value) { A.elements[row * A.stride + col] = value; }
__device__ Matrix GetSubMatrix(Matrix A, int row, int col) {
  Matrix Asub;
  Asub.width = BLOCK_SIZE;
  Asub.height = BLOCK_SIZE;
  Asub.stride = A.stride;
  Asub.elements = &A.elements[A.stride * BLOCK_SIZE * row + BLOCK_SIZE * col];
  return Asub;
}
__global__ void MatMulKernel(Matrix A, Matrix B, Matrix C) {
  int blockRow = blockIdx.y;
  int blockCol = blockIdx.x;
  Matrix Csub = GetSubMatrix(C, blockRow, blockCol);
  int Cvalue = 0;
  int row = threadIdx.y;
  int col = threadIdx.x;
  for (int m = 0; m < (A.width / BLOCK_SIZE); ++m) {
    Matrix Asub = GetSubMatrix(A, blockRow, m);
    Matrix Bsub = GetSubMatrix(B, m, blockCol);
    __shared__ int As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ int Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[row][col] = GetElement(Asub, row, col);
    Bs[row][col] = GetElement(Bsub, row, col);
    for (int e = 0; e < BLOCK_SIZE; ++e) Cvalue += As[row][e] * Bs[e][col];
    __syncthreads();
  }
  SetElement(Csub, row, col, Cvalue);
}
