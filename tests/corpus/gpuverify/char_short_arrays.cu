// launch: --blockDim=8 --gridDim=1 --buffer bytes=8 --buffer halves=8
// origin: GPUVerify test suite style (CUDA): char and short arrays, wrap-around arithmetic and sign extension
//pass
//--blockDim=8 --gridDim=1

#include <cuda.h>

__global__ void foo(signed char *bytes, short *halves)
{
    __shared__ signed char sb[8];
    int t = threadIdx.x;
    sb[t] = (signed char)(bytes[t] + 120);
    __syncthreads();
    halves[t] = (short)(sb[7 - t] * 300);
}
