// launch: --block-dim 4,4 --grid-dim 2,2 --buffer a=64 --buffer b=64 --buffer c=64
// origin: PolyBench/GPU gemm (CUDA) style: DATA_TYPE and size macros, one thread per C element, ALPHA/BETA constants
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

/* Problem size */
#define NI 8
#define NJ 8
#define NK 8

/* Thread block dimensions */
#define DIM_THREAD_BLOCK_X 4
#define DIM_THREAD_BLOCK_Y 4

/* Declared constant values for ALPHA and BETA (same as values in PolyBench 2.0) */
#define ALPHA 32412.0f
#define BETA 2123.0f

/* Can switch DATA_TYPE between float and double */
typedef float DATA_TYPE;

__global__ void gemm_kernel(DATA_TYPE *a, DATA_TYPE *b, DATA_TYPE *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NI) && (j < NJ))
    {
        c[i * NJ + j] *= BETA;
        int k;
        for (k = 0; k < NK; k++)
        {
            c[i * NJ + j] += ALPHA * a[i * NK + k] * b[k * NJ + j];
        }
    }
}
