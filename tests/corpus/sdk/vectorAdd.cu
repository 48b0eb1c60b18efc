// launch: --block-dim 8 --grid-dim 2 --buffer A=16 --buffer B=16 --buffer C=16 --param numElements=16
// origin: CUDA SDK vectorAdd sample style
#include <cuda_runtime.h>
#include <stdio.h>

/*
 * Element-wise sum of two vectors, one thread per element, with a bounds
 * check because the grid is rounded up to a whole number of blocks.
 */
__global__ void vectorAdd(const float *A, const float *B, float *C,
                          int numElements)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;

    if (i < numElements)
    {
        C[i] = A[i] + B[i] + 0.0f;
    }
}
