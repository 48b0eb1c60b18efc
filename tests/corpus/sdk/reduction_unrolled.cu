// launch: --block-dim 64 --grid-dim 2 --buffer g_idata=512 --buffer g_odata=2 --param n=512
// origin: CUDA SDK reduction sample, kernel 6 (templated block size, multiple elements per thread, volatile warp-synchronous tail) style
#include <cuda_runtime.h>

template <unsigned int blockSize>
__device__ void warpReduce(volatile float *sdata, unsigned int tid)
{
    if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
    if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
    if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
    if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
    if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
    if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(float *g_idata, float *g_odata, unsigned int n)
{
    extern __shared__ float sdata[];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    float mySum = 0.0f;

    // we reduce multiple elements per thread. The number is determined by the
    // number of active thread blocks (via gridDim). More blocks will result
    // in a larger gridSize and therefore fewer elements per thread
    while (i < n)
    {
        mySum += g_idata[i];

        // ensure we don't read out of bounds -- this is optimized away for powerOf2 sized arrays
        if (nIsPow2 || i + blockSize < n) mySum += g_idata[i + blockSize];

        i += gridSize;
    }

    sdata[tid] = mySum;
    __syncthreads();

#pragma unroll
    for (unsigned int s = blockSize / 2; s > 32; s >>= 1)
    {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    if (tid < 32) warpReduce<blockSize>(sdata, tid);

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce6<64, true>(float *, float *, unsigned int);
