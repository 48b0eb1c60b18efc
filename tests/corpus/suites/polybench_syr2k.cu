// launch: --block-dim 4,4 --grid-dim 2,2 --buffer a=64 --buffer b=64 --buffer c=64
// origin: PolyBench/GPU syr2k (CUDA) style: symmetric rank-2k update
#include <cuda.h>

#define N 8
#define M 8
#define ALPHA 12435.0f
#define BETA 4546.0f
typedef float DATA_TYPE;

__global__ void syr2k_kernel(DATA_TYPE *a, DATA_TYPE *b, DATA_TYPE *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < N) && (j < N))
    {
        c[i * N + j] *= BETA;

        int k;
        for (k = 0; k < M; k++)
        {
            c[i * N + j] += ALPHA * a[i * M + k] * b[j * M + k] + ALPHA * b[i * M + k] * a[j * M + k];
        }
    }
}
