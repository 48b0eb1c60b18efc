// launch: --block-dim 8 --grid-dim 1 --buffer keys=16 --buffer out=16 --param startbit=0 --param nbits=2
// origin: CUDA SDK radixSort (CUDPP-style) block-local split on bits with a shared-memory scan style
#include <cuda_runtime.h>

#define CTA_SIZE 8
#define WARP_SIZE 32

typedef unsigned int uint;

template <class T, int maxlevel>
__device__ T scanwarp(T val, volatile T *sData)
{
    // The following is the same as 2 * 32 * warpId + threadInWarp =
    // 64*(threadIdx.x >> 5) + (threadIdx.x & (WARP_SIZE - 1))
    int idx = 2 * threadIdx.x - (threadIdx.x & (WARP_SIZE - 1));
    sData[idx] = 0;
    idx += WARP_SIZE;
    T t = sData[idx] = val;

    if (0 <= maxlevel) { sData[idx] = t = t + sData[idx - 1]; }
    if (1 <= maxlevel) { sData[idx] = t = t + sData[idx - 2]; }
    if (2 <= maxlevel) { sData[idx] = t = t + sData[idx - 4]; }
    if (3 <= maxlevel) { sData[idx] = t = t + sData[idx - 8]; }
    if (4 <= maxlevel) { sData[idx] = t = t + sData[idx - 16]; }

    return sData[idx] - val; // convert inclusive -> exclusive
}

__device__ uint scan1Inclusive(uint idata, volatile uint *s_Data)
{
    uint val = scanwarp<uint, 2>(idata, s_Data);
    return val + idata;
}

__device__ void rank1(uint pred, uint &rank, uint &numFalse, uint *sMem)
{
    uint trueBefore = scan1Inclusive(pred, sMem) - pred;

    __shared__ uint numtrue;
    if (threadIdx.x == CTA_SIZE - 1) numtrue = trueBefore + pred;
    __syncthreads();

    numFalse = CTA_SIZE - numtrue;
    rank = pred ? trueBefore + numFalse : threadIdx.x - trueBefore;
    __syncthreads();
}

__global__ void radixSortBlocks(uint *keys, uint *out, uint startbit, uint nbits)
{
    extern __shared__ uint sMem[];
    __shared__ uint sKeys[2 * CTA_SIZE];

    uint key0 = keys[blockIdx.x * 2 * CTA_SIZE + threadIdx.x];
    uint key1 = keys[blockIdx.x * 2 * CTA_SIZE + threadIdx.x + CTA_SIZE];

    for (uint shift = startbit; shift < startbit + nbits; ++shift)
    {
        uint rank, numFalse;
        uint pred = (key0 >> shift) & 1;
        rank1(pred, rank, numFalse, sMem);
        sKeys[rank] = key0;
        __syncthreads();
        key0 = sKeys[threadIdx.x];
        __syncthreads();

        pred = (key1 >> shift) & 1;
        rank1(pred, rank, numFalse, sMem);
        sKeys[CTA_SIZE + rank] = key1;
        __syncthreads();
        key1 = sKeys[CTA_SIZE + threadIdx.x];
        __syncthreads();
    }

    out[blockIdx.x * 2 * CTA_SIZE + threadIdx.x] = key0;
    out[blockIdx.x * 2 * CTA_SIZE + threadIdx.x + CTA_SIZE] = key1;
}
