// launch: --block-dim 8 --grid-dim 1 --kernel gramschmidt_kernel3 --buffer a=64 --buffer r=64 --buffer q=64 --param k=0
// origin: PolyBench/GPU gramschmidt (CUDA) style: norm with sqrt in a single thread, column scaling, projection kernel
#include <cuda.h>
#include <math.h>

#define M 8
#define N 8
typedef float DATA_TYPE;

__global__ void gramschmidt_kernel1(DATA_TYPE *a, DATA_TYPE *r, DATA_TYPE *q, int k)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid == 0)
    {
        DATA_TYPE nrm = 0.0;
        int i;
        for (i = 0; i < M; i++)
        {
            nrm += a[i * N + k] * a[i * N + k];
        }
        r[k * N + k] = sqrt(nrm);
    }
}

__global__ void gramschmidt_kernel2(DATA_TYPE *a, DATA_TYPE *r, DATA_TYPE *q, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i < M)
    {
        q[i * N + k] = a[i * N + k] / r[k * N + k];
    }
}

__global__ void gramschmidt_kernel3(DATA_TYPE *a, DATA_TYPE *r, DATA_TYPE *q, int k)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if ((j > k) && (j < N))
    {
        r[k * N + j] = 0.0;

        int i;
        for (i = 0; i < M; i++)
        {
            r[k * N + j] += q[i * N + k] * a[i * N + j];
        }

        for (i = 0; i < M; i++)
        {
            a[i * N + j] -= q[i * N + k] * r[k * N + j];
        }
    }
}
