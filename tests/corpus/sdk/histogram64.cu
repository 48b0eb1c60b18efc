// launch: --block-dim 64 --grid-dim 2 --buffer d_PartialHistograms=128 --buffer d_Data=16 --param dataCount=64
// origin: CUDA SDK histogram64 sample style (per-thread byte counters packed in shared memory, bank-spread thread position)
#include <cuda_runtime.h>

typedef unsigned int uint;
typedef unsigned char uchar;

#define HISTOGRAM64_BIN_COUNT 64
#define HISTOGRAM64_THREADBLOCK_SIZE 64

// Data type used for input data fetches
typedef uint4 data_t;

__device__ __forceinline__ void addByte(uchar *s_ThreadBase, uint data)
{
    s_ThreadBase[(data >> 2) * HISTOGRAM64_THREADBLOCK_SIZE]++;
}

__device__ __forceinline__ void addWord(uchar *s_ThreadBase, uint data)
{
    addByte(s_ThreadBase, (data >> 0) & 0xFFU);
    addByte(s_ThreadBase, (data >> 8) & 0xFFU);
    addByte(s_ThreadBase, (data >> 16) & 0xFFU);
    addByte(s_ThreadBase, (data >> 24) & 0xFFU);
}

__global__ void histogram64Kernel(uint *d_PartialHistograms, data_t *d_Data, uint dataCount)
{
    // Encode thread index in order to avoid bank conflicts in s_Hist[] access:
    // each group of SHARED_MEMORY_BANKS threads accesses consecutive shared memory banks
    const uint threadPos = ((threadIdx.x & ~(16 * 4 - 1)) << 0) |
                           ((threadIdx.x & (16 - 1)) << 2) |
                           ((threadIdx.x & (16 * 3)) >> 4);

    // Per-thread histogram storage
    __shared__ uchar s_Hist[HISTOGRAM64_THREADBLOCK_SIZE * HISTOGRAM64_BIN_COUNT];
    uchar *s_ThreadBase = s_Hist + threadPos;

    // Initialize shared memory (writing 32-bit words)
#pragma unroll
    for (uint i = 0; i < (HISTOGRAM64_BIN_COUNT / 4); i++)
    {
        ((uint *)s_Hist)[threadIdx.x + i * HISTOGRAM64_THREADBLOCK_SIZE] = 0;
    }

    __syncthreads();

    for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount / 4; pos += blockDim.x * gridDim.x)
    {
        data_t data = d_Data[pos];
        addWord(s_ThreadBase, data.x);
        addWord(s_ThreadBase, data.y);
        addWord(s_ThreadBase, data.z);
        addWord(s_ThreadBase, data.w);
    }

    __syncthreads();

    if (threadIdx.x < HISTOGRAM64_BIN_COUNT)
    {
        uchar *s_HistBase = s_Hist + threadIdx.x * HISTOGRAM64_THREADBLOCK_SIZE;
        uint sum = 0;
        uint pos = 4 * (threadIdx.x & (16 - 1));

#pragma unroll
        for (uint i = 0; i < (HISTOGRAM64_THREADBLOCK_SIZE / 4); i++)
        {
            sum += s_HistBase[pos + 0] + s_HistBase[pos + 1] + s_HistBase[pos + 2] + s_HistBase[pos + 3];
            pos = (pos + 4) & (HISTOGRAM64_THREADBLOCK_SIZE - 1);
        }

        d_PartialHistograms[blockIdx.x * HISTOGRAM64_BIN_COUNT + threadIdx.x] = sum;
    }
}
