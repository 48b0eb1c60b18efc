// launch: --block-dim 8 --grid-dim 2 --buffer g_idata=32 --buffer g_odata=2 --param n=32
// origin: CUDA SDK reduction sample, kernel 3 (sequential addressing, first add during load) style
#include <cuda_runtime.h>

#define BLOCK_SIZE 8

__global__ void reduce3(const int *__restrict__ g_idata, int *__restrict__ g_odata, unsigned int n)
{
    __shared__ int sdata[BLOCK_SIZE];

    // perform first level of reduction,
    // reading from global memory, writing to shared memory
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    int mySum = (i < n) ? g_idata[i] : 0;

    if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];

    sdata[tid] = mySum;
    __syncthreads();

    // do reduction in shared mem
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1)
    {
        if (tid < s)
        {
            sdata[tid] = mySum = mySum + sdata[tid + s];
        }

        __syncthreads();
    }

    if (tid == 0) g_odata[blockIdx.x] = mySum;
}
