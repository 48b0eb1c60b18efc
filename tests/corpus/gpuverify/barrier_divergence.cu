// launch: --blockDim=8 --gridDim=1 --buffer A=8
// origin: GPUVerify test suite style (CUDA): expected failure, __syncthreads under a thread-dependent condition
//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=1
//barrier may be reached by non-uniform control flow

#include <cuda.h>

__global__ void foo(int *A)
{
    if (threadIdx.x < 4)
    {
        A[threadIdx.x] = 1;
        __syncthreads();
    }
}
