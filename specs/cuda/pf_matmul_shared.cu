// spec: the CUDA programming guide's shared-memory matrix multiply (Matrix with a pointer field `elements`, GetElement/SetElement/GetSubMatrix taking and returning it by value) at BLOCK_SIZE 2 with int elements; the kernel parameters' pointer fields are the buffers A.elements, B.elements, C.elements (--buffer, --init, --param A.width name them)
// run: run --block-dim 2,2 --buffer A.elements=8 --buffer B.elements=8 --buffer C.elements=4 --param A.width=4 --param A.height=2 --param A.stride=4 --param B.width=2 --param B.height=4 --param B.stride=2 --param C.width=2 --param C.height=2 --param C.stride=2 --init A.elements=1,2,3,4,5,6,7,8 --init B.elements=1,0,0,1,1,1,2,0
// exit: 0
// expect: verdict=ok final.C.elements=[12,5,28,13] final.As=[3,4,7,8] final.Bs=[1,1,2,0]
// why: A is 2x4 (rows 1 2 3 4 / 5 6 7 8), B is 4x2 (rows 1 0 / 0 1 / 1 1 / 2 0), one 2x2 block.
//   C = A*B: C[0][0] = 1*1 + 2*0 + 3*1 + 4*2 = 12, C[0][1] = 1*0 + 2*1 + 3*1 + 4*0 = 5,
//   C[1][0] = 5 + 0 + 7 + 16 = 28, C[1][1] = 0 + 6 + 7 + 0 = 13. A.width / BLOCK_SIZE = 2
//   steps; step m = 1 takes Asub at A.elements + 4*2*0 + 2*1 = cell 2 (stride 4): As = 3 4 / 7 8,
//   and Bsub at B.elements + 2*2*1 + 0 = cell 4 (stride 2): Bs = 1 1 / 2 0, left in shared
//   memory. Each Matrix copy (argument, result, Asub) carries the pointer field's offset and
//   array; both barriers separate the tiles' writes from the other threads' reads: no race.
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
    __syncthreads();
    for (int e = 0; e < BLOCK_SIZE; ++e) Cvalue += As[row][e] * Bs[e][col];
    __syncthreads();
  }
  SetElement(Csub, row, col, Cvalue);
}
