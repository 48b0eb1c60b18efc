// launch: --blockDim=8 --gridDim=2 --buffer A=16 --param n=8
// origin: GPUVerify test suite style (CUDA): __requires on a scalar parameter, __uniform_int and __assert in the body
//pass
//--blockDim=8 --gridDim=2 --no-inline

#include "cuda.h"

__global__ void foo(int *A, int n)
{
    __requires(n == blockDim.x);
    __assert(__uniform_int(n));

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    A[i] = n;
}
