// launch: --block-dim 64 --grid-dim 2 --buffer in=128 --buffer out=1 --param n=128
// origin: CUDA SDK reduction sample, tiled_partition and cg::reduce style
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void reduceTiles(const float *__restrict__ in, float *out, int n)
{
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);

    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += in[i];

    float tileSum = cg::reduce(tile32, v, cg::plus<float>());

    if (tile32.thread_rank() == 0) atomicAdd(out, tileSum);
}
