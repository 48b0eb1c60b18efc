// launch: --blockDim=8 --gridDim=1 --buffer A=8
// origin: GPUVerify test suite style (CUDA): __other_int and __distinct_int relate the two threads GPUVerify considers
//pass
//--blockDim=8 --gridDim=1

#include <cuda.h>

__global__ void foo(int *A)
{
    int x = threadIdx.x;
    __assert(__implies(__other_int(x) != x, __distinct_int(x)));
    __assert(__implies(__same_group, __other_int(blockIdx.x) == blockIdx.x));
    A[x] = x;
}
