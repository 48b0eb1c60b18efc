// launch: --block-dim 64 --grid-dim 1 --buffer in=64 --buffer out=2
// origin: CUDA SDK simpleVoteIntrinsics / CUB-style warp utilities (inline PTX lane id, __any_sync, __all_sync, __activemask, __syncwarp, __popc of a ballot)
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned int laneId()
{
    unsigned int ret;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(ret));
    return ret;
}

__global__ void voteKernel(const int *in, unsigned int *out)
{
    unsigned int tid = threadIdx.x;
    unsigned int lane = laneId();
    unsigned int mask = __activemask();
    int v = in[tid];

    int anyNeg = __any_sync(mask, v < 0);
    int allPos = __all_sync(mask, v > 0);
    unsigned int ballot = __ballot_sync(mask, v & 1);
    __syncwarp();

    if (lane == 0) out[tid / 32] = __popc(ballot) + (anyNeg ? 1000u : 0u) + (allPos ? 100000u : 0u);
}
