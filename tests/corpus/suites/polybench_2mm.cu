// launch: --block-dim 4,4 --grid-dim 2,2 --kernel mm2_kernel2 --buffer C=64 --buffer D=64 --buffer E=64
// origin: PolyBench/GPU 2mm (CUDA) style: two chained matrix products as two kernels, size macros
#include <cuda.h>

#define NI 8
#define NJ 8
#define NK 8
#define NL 8

typedef float DATA_TYPE;

__global__ void mm2_kernel1(DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *C)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NI) && (j < NJ))
    {
        int k;
        for (k = 0; k < NK; k++)
        {
            C[i * NJ + j] += A[i * NK + k] * B[k * NJ + j];
        }
    }
}

__global__ void mm2_kernel2(DATA_TYPE *C, DATA_TYPE *D, DATA_TYPE *E)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NI) && (j < NL))
    {
        int k;
        for (k = 0; k < NJ; k++)
        {
            E[i * NL + j] += C[i * NJ + k] * D[k * NL + j];
        }
    }
}
