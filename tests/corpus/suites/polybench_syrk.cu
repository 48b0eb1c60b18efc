// launch: --block-dim 4,4 --grid-dim 2,2 --buffer a=64 --buffer c=64
// origin: PolyBench/GPU syrk (CUDA) style: symmetric rank-k update C = alpha A A^T + beta C
#include <cuda.h>

#define N 8
#define M 8
typedef float DATA_TYPE;

/* Declared constant values for alpha and beta (same as values in PolyBench 2.0) */
#define alpha 12435
#define beta 4546

__global__ void syrk_kernel(DATA_TYPE ALPHA, DATA_TYPE BETA, DATA_TYPE *a, DATA_TYPE *c)
{
    /*  C := alpha*A*A' + beta*C */
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < N) && (j < N))
    {
        c[i * N + j] *= beta;
        int k;
        for (k = 0; k < M; k++)
        {
            c[i * N + j] += alpha * a[i * M + k] * a[j * M + k];
        }
    }
}
