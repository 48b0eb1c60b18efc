// launch: --block-dim 4,4 --grid-dim 1,1 --buffer data=36 --buffer newData=36 --param alignment=0 --param wCenter=1056964608 --param wCardinal=1040187392 --param wDiagonal=1031798784
// origin: SHOC Stencil2D (CUDA) style: 9-point stencil, templated on the value type, shared tile with halo via a small accessor class
#include <cuda.h>

#define LROWS 4
#define LCOLS 4

template <class T>
class Matrix2DIndexer
{
  public:
    __device__ Matrix2DIndexer(T *_data, int _nCols) : data(_data), nCols(_nCols) {}
    __device__ T &operator()(int i, int j) { return data[i * nCols + j]; }

  private:
    T *data;
    int nCols;
};

template <class T>
__global__ void StencilKernel(T *data, T *newData, int alignment, T wCenter, T wCardinal, T wDiagonal)
{
    int gRow = blockIdx.x * LROWS + threadIdx.y + 1;
    int gCol = blockIdx.y * LCOLS + threadIdx.x + 1;
    int nCols = gridDim.y * LCOLS + 2 + alignment;

    __shared__ T sh[LROWS + 2][LCOLS + 2];
    int ly = threadIdx.y + 1;
    int lx = threadIdx.x + 1;

    sh[ly][lx] = data[gRow * nCols + gCol];
    if (threadIdx.y == 0) sh[0][lx] = data[(gRow - 1) * nCols + gCol];
    if (threadIdx.y == LROWS - 1) sh[LROWS + 1][lx] = data[(gRow + 1) * nCols + gCol];
    if (threadIdx.x == 0) sh[ly][0] = data[gRow * nCols + gCol - 1];
    if (threadIdx.x == LCOLS - 1) sh[ly][LCOLS + 1] = data[gRow * nCols + gCol + 1];
    if (threadIdx.x == 0 && threadIdx.y == 0)
    {
        sh[0][0] = data[(gRow - 1) * nCols + gCol - 1];
        sh[0][LCOLS + 1] = data[(gRow - 1) * nCols + gCol + LCOLS];
        sh[LROWS + 1][0] = data[(gRow + LROWS) * nCols + gCol - 1];
        sh[LROWS + 1][LCOLS + 1] = data[(gRow + LROWS) * nCols + gCol + LCOLS];
    }
    __syncthreads();

    T center = sh[ly][lx];
    T cardinal = sh[ly - 1][lx] + sh[ly + 1][lx] + sh[ly][lx - 1] + sh[ly][lx + 1];
    T diagonal = sh[ly - 1][lx - 1] + sh[ly - 1][lx + 1] + sh[ly + 1][lx - 1] + sh[ly + 1][lx + 1];

    Matrix2DIndexer<T> out(newData, nCols);
    out(gRow, gCol) = wCenter * center + wCardinal * cardinal + wDiagonal * diagonal;
}

template __global__ void StencilKernel<float>(float *, float *, int, float, float, float);
