// launch: --block-dim 64 --grid-dim 2 --buffer data=128 --buffer partial_sums=2 --param width=32
// origin: CUDA SDK shfl_scan sample style (intra-warp inclusive scan with __shfl_up_sync)
#include <cuda_runtime.h>

__global__ void shfl_scan_test(int *data, int width, int *partial_sums = NULL)
{
    extern __shared__ int sums[];
    int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
    int lane_id = id % warpSize;
    // determine a warp_id within a block
    int warp_id = threadIdx.x / warpSize;

    // Below is the basic structure of using a shfl instruction
    // for a scan.
    int value = data[id];

    // Now accumulate in log steps up the chain
#pragma unroll
    for (int i = 1; i <= width; i *= 2)
    {
        unsigned int mask = 0xffffffff;
        int n = __shfl_up_sync(mask, value, i, width);

        if (lane_id >= i) value += n;
    }

    // value now holds the scan value for the individual thread
    // next sum the largest values for each warp

    // write the sum of the warp to smem
    if (threadIdx.x % warpSize == warpSize - 1)
    {
        sums[warp_id] = value;
    }

    __syncthreads();

    // scan the warp sums
    if (warp_id == 0 && lane_id < (blockDim.x / warpSize))
    {
        int warp_sum = sums[lane_id];
        int mask = (1 << (blockDim.x / warpSize)) - 1;
        for (int i = 1; i <= (blockDim.x / warpSize); i *= 2)
        {
            int n = __shfl_up_sync(mask, warp_sum, i, (blockDim.x / warpSize));
            if (lane_id >= i) warp_sum += n;
        }
        sums[lane_id] = warp_sum;
    }

    __syncthreads();

    int blockSum = 0;
    if (warp_id > 0) blockSum = sums[warp_id - 1];
    value += blockSum;

    data[id] = value;

    if (partial_sums != NULL && threadIdx.x == blockDim.x - 1)
        partial_sums[blockIdx.x] = value;
}
