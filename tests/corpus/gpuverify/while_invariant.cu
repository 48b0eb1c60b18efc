// launch: --blockDim=8 --gridDim=2 --buffer A=32 --param n=32
// origin: GPUVerify test suite style (CUDA): grid-stride while loop with __invariant statements inside the body's guard
//pass
//--blockDim=8 --gridDim=2

#include "cuda.h"

__global__ void scale(float *A, int n)
{
    __requires(n == 32);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    while (__invariant(i % stride == blockIdx.x * blockDim.x + threadIdx.x),
           __invariant(__write_implies(A, __write_offset_bytes(A) / sizeof(float) % stride == blockIdx.x * blockDim.x + threadIdx.x)),
           i < n)
    {
        A[i] *= 2.0f;
        i += stride;
    }
}
