// launch: --blockDim=8 --gridDim=1 --buffer A=8
// origin: GPUVerify test suite style (CUDA): __global_assert and __global_invariant, which hold for every thread at once
//pass
//--blockDim=8 --gridDim=1

#include "cuda.h"

__global__ void foo(int *A)
{
    __shared__ int S[8];
    S[threadIdx.x] = 2 * threadIdx.x;
    __syncthreads();

    for (int i = 0; __global_invariant(i >= 0), i < 4; i++)
    {
        __global_assert(S[threadIdx.x] % 2 == 0);
    }

    A[threadIdx.x] = S[(threadIdx.x + 1) % 8];
}
