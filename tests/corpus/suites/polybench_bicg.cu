// launch: --block-dim 8 --grid-dim 1 --kernel bicg_kernel2 --buffer A=64 --buffer p=8 --buffer q=8
// origin: PolyBench/GPU bicg (CUDA) style: BiCG sub-kernel, s = A^T r and q = A p
#include <cuda.h>

#define NX 8
#define NY 8

typedef float DATA_TYPE;

// Distributed (split) from initial loop and permuted into reverse order to allow parallelism...
__global__ void bicg_kernel1(DATA_TYPE *A, DATA_TYPE *r, DATA_TYPE *s)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if (j < NY)
    {
        s[j] = 0.0f;

        int i;
        for (i = 0; i < NX; i++)
        {
            s[j] += A[i * NY + j] * r[i];
        }
    }
}

// Distributed (split) from initial loop to allow parallelism.
__global__ void bicg_kernel2(DATA_TYPE *A, DATA_TYPE *p, DATA_TYPE *q)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < NX)
    {
        q[i] = 0.0f;

        int j;
        for (j = 0; j < NY; j++)
        {
            q[i] += A[i * NY + j] * p[j];
        }
    }
}
