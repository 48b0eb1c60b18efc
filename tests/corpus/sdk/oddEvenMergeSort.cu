// launch: --block-dim 8 --grid-dim 1 --buffer d_DstKey=16 --buffer d_SrcKey=16 --param arrayLength=16 --param dir=1
// origin: CUDA SDK sortingNetworks sample, Batcher odd-even merge sort style (keys only, std::swap-like helper)
#include <cuda_runtime.h>

#define SHARED_SIZE_LIMIT 16U
typedef unsigned int uint;

template <typename T>
__device__ inline void swapIfGreater(T &a, T &b, uint dir)
{
    if ((a > b) == dir)
    {
        T t = a;
        a = b;
        b = t;
    }
}

__global__ void oddEvenMergeSortShared(uint *d_DstKey, uint *d_SrcKey, uint arrayLength, uint dir)
{
    __shared__ uint s_key[SHARED_SIZE_LIMIT];

    d_SrcKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_DstKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    s_key[threadIdx.x + 0] = d_SrcKey[0];
    s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];

    for (uint size = 2; size <= arrayLength; size <<= 1)
    {
        uint stride = size / 2;
        uint offset = threadIdx.x & (stride - 1);

        {
            __syncthreads();
            uint pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            swapIfGreater(s_key[pos + 0], s_key[pos + stride], dir);
            stride >>= 1;
        }

        for (; stride > 0; stride >>= 1)
        {
            __syncthreads();
            uint pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));

            if (offset >= stride)
                swapIfGreater(s_key[pos - stride], s_key[pos + 0], dir);
        }
    }

    __syncthreads();
    d_DstKey[0] = s_key[threadIdx.x + 0];
    d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
}
