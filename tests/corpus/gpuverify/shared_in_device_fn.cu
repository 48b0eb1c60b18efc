// launch: --blockDim=4,2 --gridDim=2 --buffer A=16
// origin: GPUVerify test suite style (CUDA): __shared__ array declared in a __device__ function, dim3 locals, blockDim.y indexing
//pass
//--blockDim=[4,2] --gridDim=2

#include "cuda.h"

__device__ int rotate_row(int v)
{
    __shared__ int row[2][4];
    row[threadIdx.y][threadIdx.x] = v;
    __syncthreads();
    return row[threadIdx.y][(threadIdx.x + 1) % blockDim.x];
}

__global__ void foo(int *A)
{
    dim3 t = threadIdx;
    dim3 b = blockDim;
    int i = blockIdx.x * b.x * b.y + t.y * b.x + t.x;
    A[i] = rotate_row(A[i]);
}
