// launch: --blockDim=8 --gridDim=2 --buffer A=64 --param width=8
// origin: GPUVerify test suite style (CUDA): __global_requires on the launch shape, 2-D style indexing through a __device__ helper
//pass
//--blockDim=8 --gridDim=2

#include "cuda.h"

__device__ int idx(int row, int col, int width) { return row * width + col; }

__global__ void foo(float *A, int width)
{
    __global_requires(width == 8);
    __requires(width > 0);
    int row = blockIdx.x;
    int col = threadIdx.x;
    A[idx(row, col, width)] = 0.5f * row + col;
}
