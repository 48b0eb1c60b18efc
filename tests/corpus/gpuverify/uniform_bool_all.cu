// launch: --blockDim=8 --gridDim=1 --buffer A=8 --param flag=1
// origin: GPUVerify test suite style (CUDA): __uniform_bool, __all and __at_most_one over a block
//pass
//--blockDim=8 --gridDim=1

#include "cuda.h"

__global__ void foo(int *A, bool flag)
{
    __assert(__uniform_bool(flag));
    __assert(__all(blockDim.x == 8));
    __assert(__at_most_one(threadIdx.x == 0));
    if (flag)
    {
        __syncthreads();
    }
    A[threadIdx.x] = flag;
}
