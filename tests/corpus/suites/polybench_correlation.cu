// launch: --block-dim 8 --grid-dim 1 --kernel std_kernel --buffer mean=8 --buffer std=8 --buffer data=64
// origin: PolyBench/GPU correlation (CUDA) style: mean, standard deviation with sqrt and an epsilon guard, reduce and corr kernels
#include <cuda.h>
#include <math.h>

#define M 8
#define N 8
#define FLOAT_N 3214212.01f
#define EPS 0.005f
#define sqrt_of_array_cell(x, j) sqrt(x[j])

typedef float DATA_TYPE;

__global__ void mean_kernel(DATA_TYPE *mean, DATA_TYPE *data)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if (j < M)
    {
        mean[j] = 0.0;

        int i;
        for (i = 0; i < N; i++)
        {
            mean[j] += data[i * M + j];
        }

        mean[j] /= (DATA_TYPE)FLOAT_N;
    }
}

__global__ void std_kernel(DATA_TYPE *mean, DATA_TYPE *std, DATA_TYPE *data)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;

    if (j < M)
    {
        std[j] = 0.0;

        int i;
        for (i = 0; i < N; i++)
        {
            std[j] += (data[i * M + j] - mean[j]) * (data[i * M + j] - mean[j]);
        }
        std[j] /= (FLOAT_N);
        std[j] = sqrtf(std[j]);
        if (std[j] <= EPS)
        {
            std[j] = 1.0;
        }
    }
}

__global__ void reduce_kernel(DATA_TYPE *mean, DATA_TYPE *std, DATA_TYPE *data)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < N) && (j < M))
    {
        data[i * M + j] -= mean[j];
        data[i * M + j] /= (sqrt(FLOAT_N) * std[j]);
    }
}

__global__ void corr_kernel(DATA_TYPE *symmat, DATA_TYPE *data)
{
    int j1 = blockIdx.x * blockDim.x + threadIdx.x;

    int i, j2;
    if (j1 < (M - 1))
    {
        symmat[j1 * M + j1] = 1.0;

        for (j2 = (j1 + 1); j2 < M; j2++)
        {
            symmat[j1 * M + j2] = 0.0;

            for (i = 0; i < N; i++)
            {
                symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
            }
            symmat[j2 * M + j1] = symmat[j1 * M + j2];
        }
    }
}
