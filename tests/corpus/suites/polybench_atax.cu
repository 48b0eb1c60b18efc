// launch: --block-dim 8 --grid-dim 1 --kernel atax_kernel1 --buffer A=64 --buffer x=8 --buffer tmp=8
// origin: PolyBench/GPU atax (CUDA) style: y = A^T (A x) as two one-dimensional kernels
#include <cuda.h>

#define NX 8
#define NY 8
#define DIM_THREAD_BLOCK_X 8

typedef float DATA_TYPE;

__global__ void atax_kernel1(DATA_TYPE *A, DATA_TYPE *x, DATA_TYPE *tmp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < NX)
    {
        int j;
        for (j = 0; j < NY; j++)
        {
            tmp[i] += A[i * NY + j] * x[j];
        }
    }
}

__global__ void atax_kernel2(DATA_TYPE *A, DATA_TYPE *y, DATA_TYPE *tmp)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if (j < NY)
    {
        int i;
        for (i = 0; i < NX; i++)
        {
            y[j] += A[i * NY + j] * tmp[i];
        }
    }
}
