// launch: --block-dim 64 --grid-dim 2 --buffer dstArr=128 --buffer nres=1 --buffer srcArr=128 --param numElem=128
// origin: CUDA SDK warpAggregatedAtomicsCG sample style (coalesced_threads, leader election, shfl of the base)
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int atomicAggInc(int *counter)
{
    cg::coalesced_group active = cg::coalesced_threads();

    // leader does the update
    int res = 0;
    if (active.thread_rank() == 0)
    {
        res = atomicAdd(counter, active.size());
    }

    // broadcast result
    res = active.shfl(res, 0);

    // each thread computes its own value
    return res + active.thread_rank();
}

__global__ void filter_arr(int *dstArr, int *nres, const int *srcArr, int numElem)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;

    for (int i = id; i < numElem; i += gridDim.x * blockDim.x)
    {
        if (srcArr[i] > 0) dstArr[atomicAggInc(nres)] = srcArr[i];
    }
}
