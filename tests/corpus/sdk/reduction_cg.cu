// launch: --block-dim 64 --grid-dim 2 --buffer g_idata=128 --buffer g_odata=2 --param n=128
// origin: CUDA SDK reduction sample, cooperative groups variant style
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int reduce_sum(cg::thread_group g, int *temp, int val)
{
    int lane = g.thread_rank();

    // Each iteration halves the number of active threads
    // Each thread adds its partial sum[i] to sum[lane+i]
    for (int i = g.size() / 2; i > 0; i /= 2)
    {
        temp[lane] = val;
        g.sync(); // wait for all threads to store
        if (lane < i) val += temp[lane + i];
        g.sync(); // wait for all threads to load
    }
    return val; // note: only thread 0 will return full sum
}

__global__ void sumKernel(int *g_idata, int *g_odata, unsigned int n)
{
    extern __shared__ int temp[];
    cg::thread_block block = cg::this_thread_block();

    unsigned int idx = block.group_index().x * block.size() + block.thread_rank();
    int mySum = idx < n ? g_idata[idx] : 0;

    int blockSum = reduce_sum(block, temp, mySum);

    if (block.thread_rank() == 0) atomicAdd(g_odata, blockSum);
}
