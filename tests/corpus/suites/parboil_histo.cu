// launch: --block-dim 16 --grid-dim 2 --buffer input=64 --buffer global_histo=32 --param size=64 --param num_bins=32
// origin: Parboil histo (CUDA) style: shared histogram with atomicAdd, saturating 8-bit bins via atomicCAS-free min, grid-stride input loop
#include <cuda.h>

#define UINT8_MAX_ 255

__global__ void histo_main_kernel(const unsigned int *input, unsigned int *global_histo, unsigned int size,
                                  unsigned int num_bins)
{
    extern __shared__ unsigned int sub_histo[];

    for (unsigned int i = threadIdx.x; i < num_bins; i += blockDim.x) sub_histo[i] = 0;
    __syncthreads();

    const unsigned int stride = blockDim.x * gridDim.x;
    for (unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < size; idx += stride)
    {
        unsigned int bin = input[idx] % num_bins;
        atomicAdd(&sub_histo[bin], 1U);
    }
    __syncthreads();

    for (unsigned int i = threadIdx.x; i < num_bins; i += blockDim.x)
    {
        unsigned int v = sub_histo[i];
        if (v)
        {
            unsigned int old = atomicAdd(&global_histo[i], v);
            // saturate at 255 as the 8-bit output histogram does
            if (old + v > UINT8_MAX_) atomicMin(&global_histo[i], (unsigned int)UINT8_MAX_);
        }
    }
}
