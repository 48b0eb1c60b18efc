// launch: --blockDim=8 --gridDim=2 --buffer A=8
// origin: GPUVerify test suite style (CUDA): expected failure, two blocks write the same global cells (no barrier orders blocks)
//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=2
//possible write-write race on A

#include <cuda.h>

__global__ void foo(int *A)
{
    A[threadIdx.x] = blockIdx.x;
}
