// launch: --blockDim=8 --gridDim=2 --buffer in=16 --buffer sum=1
// origin: GPUVerify test suite style (CUDA): atomicAdd on a float accumulator is race-free; a plain read of it afterwards is not checked
//pass
//--blockDim=8 --gridDim=2

#include <cuda.h>

__global__ void accumulate(const float *in, float *sum)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(sum, in[i]);
}
