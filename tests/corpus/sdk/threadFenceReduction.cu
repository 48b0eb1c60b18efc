// launch: --block-dim 8 --grid-dim 2 --buffer g_idata=32 --buffer g_odata=2 --param n=32
// origin: CUDA SDK threadFenceReduction sample style (__device__ retirement counter, __threadfence, last block finishes the sum)
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define BLOCK 8

// Global variable used by reduceSinglePass to count how many blocks have finished
__device__ unsigned int retirementCount = 0;

template <unsigned int blockSize>
__device__ void reduceBlock(volatile float *sdata, float mySum, const unsigned int tid, cg::thread_block cta)
{
    sdata[tid] = mySum;
    cg::sync(cta);

    for (unsigned int s = blockSize / 2; s > 0; s >>= 1)
    {
        if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        cg::sync(cta);
    }
}

__global__ void reduceSinglePass(const float *g_idata, float *g_odata, unsigned int n)
{
    cg::thread_block cta = cg::this_thread_block();
    __shared__ float sdata[BLOCK];
    __shared__ bool amLast;

    unsigned int tid = threadIdx.x;
    float mySum = 0;
    for (unsigned int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) mySum += g_idata[i];

    reduceBlock<BLOCK>(sdata, mySum, tid, cta);

    // write result for this block to global mem
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];

    if (gridDim.x > 1)
    {
        // wait until all outstanding memory instructions in this thread are finished
        __threadfence();

        // Thread 0 takes a ticket
        if (tid == 0)
        {
            unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
            // If the ticket ID is equal to the number of blocks, we are the last block!
            amLast = (ticket == gridDim.x - 1);
        }

        cg::sync(cta);

        // The last block sums the results of all other blocks
        if (amLast)
        {
            float sum = 0;
            for (int i = tid; i < gridDim.x; i += BLOCK) sum += g_odata[i];

            reduceBlock<BLOCK>(sdata, sum, tid, cta);

            if (tid == 0)
            {
                g_odata[0] = sdata[0];
                // reset retirement count so that next run succeeds
                retirementCount = 0;
            }
        }
    }
}
