// launch: --block-dim 64 --grid-dim 2 --buffer g_idata=128 --buffer g_odata=2 --param n=128
// origin: CUDA SDK reduction sample, shuffle-based warp reduction style
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffff

__device__ __forceinline__ int warpReduceSum(unsigned int mask, int mySum)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
    {
        mySum += __shfl_down_sync(mask, mySum, offset);
    }
    return mySum;
}

__global__ void __launch_bounds__(64) reduceShfl(const int *g_idata, int *g_odata, unsigned int n)
{
    __shared__ int warpSums[32];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    int laneId = tid & (warpSize - 1);
    int warpId = tid / warpSize;

    int sum = (i < n) ? g_idata[i] : 0;

    unsigned int mask = __ballot_sync(FULL_MASK, i < n);
    sum = warpReduceSum(mask, sum);

    if (laneId == 0) warpSums[warpId] = sum;
    __syncthreads();

    if (warpId == 0)
    {
        int blockWarps = (blockDim.x + warpSize - 1) / warpSize;
        sum = (laneId < blockWarps) ? warpSums[laneId] : 0;
        sum = warpReduceSum(FULL_MASK, sum);
        if (laneId == 0) g_odata[blockIdx.x] = sum;
    }
}
