// launch: --blockDim=8 --gridDim=1 --buffer A=8
// origin: GPUVerify test suite style (CUDA): __enabled() in a helper's precondition, __requires/__ensures on a __device__ function
//pass
//--blockDim=8 --gridDim=1

#include "cuda.h"

__device__ int twice(int x)
{
    __requires(__implies(__enabled(), x >= 0));
    __ensures(__return_val_int() == 2 * x);
    return 2 * x;
}

__global__ void foo(int *A)
{
    if (threadIdx.x % 2 == 0)
    {
        A[threadIdx.x] = twice(threadIdx.x);
    }
}
