// launch: --blockDim=8 --gridDim=1 --buffer A=8 --param x=3
// origin: GPUVerify test suite style (CUDA): expected failure, an __assert that fails for some parameter values
//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=1
//this assertion might not hold

#include <cuda.h>

__global__ void foo(int *A, int x)
{
    A[threadIdx.x] = x;
    __assert(x != 3);
}
