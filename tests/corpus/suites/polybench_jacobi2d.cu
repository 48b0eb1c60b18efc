// launch: --block-dim 4,4 --grid-dim 2,2 --kernel runJacobiCUDA_kernel1 --buffer A=64 --buffer B=64
// origin: PolyBench/GPU jacobi-2d-imper (CUDA) style: five-point average into B, then copy back, two kernels
#include <cuda.h>

#define N 8
typedef float DATA_TYPE;

__global__ void runJacobiCUDA_kernel1(DATA_TYPE *A, DATA_TYPE *B)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if ((i >= 1) && (i < (N - 1)) && (j >= 1) && (j < (N - 1)))
    {
        B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + (j - 1)] + A[i * N + (1 + j)] + A[(1 + i) * N + j] + A[(i - 1) * N + j]);
    }
}

__global__ void runJacobiCUDA_kernel2(DATA_TYPE *A, DATA_TYPE *B)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if ((i >= 1) && (i < (N - 1)) && (j >= 1) && (j < (N - 1)))
    {
        A[i * N + j] = B[i * N + j];
    }
}
