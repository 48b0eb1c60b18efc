// launch: --block-dim 8 --grid-dim 1 --buffer a=16 --buffer b=16 --buffer results=1 --param size=16
// origin: CUDA SDK fp16ScalarProduct sample style (half2 vectors, __hmul2/__hadd2 intrinsics, conversion to float for the block sum)
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define NUM_OF_THREADS 8

__forceinline__ __device__ void reduceInShared(half2 *const v)
{
    if (threadIdx.x < 4) v[threadIdx.x] = __hadd2(v[threadIdx.x], v[threadIdx.x + 4]);
    __syncthreads();
    if (threadIdx.x < 2) v[threadIdx.x] = __hadd2(v[threadIdx.x], v[threadIdx.x + 2]);
    __syncthreads();
    if (threadIdx.x < 1) v[threadIdx.x] = __hadd2(v[threadIdx.x], v[threadIdx.x + 1]);
    __syncthreads();
}

__global__ void scalarProductKernel(half2 const *const a, half2 const *const b, float *const results,
                                    size_t const size)
{
    const int stride = gridDim.x * blockDim.x;
    __shared__ half2 shArray[NUM_OF_THREADS];

    shArray[threadIdx.x] = __float2half2_rn(0.f);
    half2 value = __float2half2_rn(0.f);

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride)
    {
        value = __hfma2(a[i], b[i], value);
    }

    shArray[threadIdx.x] = value;
    __syncthreads();
    reduceInShared(shArray);

    if (threadIdx.x == 0)
    {
        half2 result = shArray[0];
        float f_result = __low2float(result) + __high2float(result);
        results[blockIdx.x] = f_result;
    }
}
