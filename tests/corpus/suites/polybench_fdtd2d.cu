// launch: --block-dim 4,4 --grid-dim 2,2 --kernel fdtd_step3_kernel --buffer ex=72 --buffer ey=72 --buffer hz=64 --param t=0
// origin: PolyBench/GPU fdtd-2d (CUDA) style: three update kernels per time step on ex/ey/hz fields, _fict_ boundary source
#include <cuda.h>

#define tmax 2
#define NX 8
#define NY 8
typedef float DATA_TYPE;

__global__ void fdtd_step1_kernel(DATA_TYPE *_fict_, DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz, int t)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NX) && (j < NY))
    {
        if (i == 0)
        {
            ey[i * NY + j] = _fict_[t];
        }
        else
        {
            ey[i * NY + j] = ey[i * NY + j] - 0.5f * (hz[i * NY + j] - hz[(i - 1) * NY + j]);
        }
    }
}

__global__ void fdtd_step2_kernel(DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz, int t)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NX) && (j < NY) && (j > 0))
    {
        ex[i * (NY + 1) + j] = ex[i * (NY + 1) + j] - 0.5f * (hz[i * NY + j] - hz[i * NY + (j - 1)]);
    }
}

__global__ void fdtd_step3_kernel(DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz, int t)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;

    if ((i < NX) && (j < NY))
    {
        hz[i * NY + j] = hz[i * NY + j] - 0.7f * (ex[i * (NY + 1) + (j + 1)] - ex[i * (NY + 1) + j] +
                                                  ey[(i + 1) * NY + j] - ey[i * NY + j]);
    }
}
