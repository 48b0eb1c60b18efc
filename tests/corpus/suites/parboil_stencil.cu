// launch: --block-dim 4,4 --grid-dim 1,1 --buffer A0=216 --buffer Anext=216 --param c0=1056964608 --param c1=1040187392 --param nx=6 --param ny=6 --param nz=6
// origin: Parboil stencil (CUDA, default) style: 7-point 3-D stencil, Index3D macro, register sliding window along z, shared plane
#include <cuda.h>

#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + _nx * ((_j) + _ny * (_k)))

__global__ void block2D_hybrid_coarsen_x(float c0, float c1, float *A0, float *Anext, int nx, int ny, int nz)
{
    // thread coarsening along x direction
    const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    const int sh_id = threadIdx.x + 1 + (threadIdx.y + 1) * (blockDim.x + 2);
    extern __shared__ float sh_A0[];

    float bottom = A0[Index3D(nx, ny, i, j, 0)];
    float current = A0[Index3D(nx, ny, i, j, 1)];
    float top;

    for (int k = 1; k < nz - 1; k++)
    {
        top = A0[Index3D(nx, ny, i, j, k + 1)];

        sh_A0[sh_id] = current;
        if (threadIdx.x == 0) sh_A0[sh_id - 1] = A0[Index3D(nx, ny, i - 1, j, k)];
        if (threadIdx.x == blockDim.x - 1) sh_A0[sh_id + 1] = A0[Index3D(nx, ny, i + 1, j, k)];
        if (threadIdx.y == 0) sh_A0[sh_id - (blockDim.x + 2)] = A0[Index3D(nx, ny, i, j - 1, k)];
        if (threadIdx.y == blockDim.y - 1) sh_A0[sh_id + (blockDim.x + 2)] = A0[Index3D(nx, ny, i, j + 1, k)];
        __syncthreads();

        if (i < nx - 1 && j < ny - 1)
        {
            Anext[Index3D(nx, ny, i, j, k)] =
                (top + bottom + sh_A0[sh_id + 1] + sh_A0[sh_id - 1] + sh_A0[sh_id + (blockDim.x + 2)] +
                 sh_A0[sh_id - (blockDim.x + 2)]) * c1 - current * c0;
        }
        bottom = current;
        current = top;
        __syncthreads();
    }
}
