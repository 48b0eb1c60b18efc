// launch: --block-dim 8 --grid-dim 1 --buffer a=64 --buffer b=64 --buffer x=8 --buffer y=8 --buffer tmp=8
// origin: PolyBench/GPU gesummv (CUDA) style: y = alpha A x + beta B x
#include <cuda.h>

#define N 8
#define ALPHA 43532.0f
#define BETA 12313.0f
typedef float DATA_TYPE;

__global__ void gesummv_kernel(DATA_TYPE *a, DATA_TYPE *b, DATA_TYPE *x, DATA_TYPE *y, DATA_TYPE *tmp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < N)
    {
        int j;
        for (j = 0; j < N; j++)
        {
            tmp[i] += a[i * N + j] * x[j];
            y[i] += b[i * N + j] * x[j];
        }
        y[i] = ALPHA * tmp[i] + BETA * y[i];
    }
}
