// launch: --blockDim=32 --gridDim=1 --buffer out=1
// origin: GPUVerify test suite style (CUDA): warp-synchronous reduction without barriers, racy unless warp-level semantics are assumed
//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//possible read-write race on s

#include <cuda.h>

__global__ void warpReduce(int *out)
{
    volatile __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = t;
    s[t + 32] = 0;
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
    if (t == 0) *out = s[0];
}
