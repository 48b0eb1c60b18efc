// launch: --blockDim=4,4 --gridDim=2,2 --buffer odata=64 --buffer idata=64
// origin: GPUVerify test suite style (CUDA): shared-memory tile transpose with a 2-D block and a __barrier_invariant on the tile
//pass
//--blockDim=[4,4] --gridDim=[2,2]

#include "cuda.h"

#define TILE 4
#define WIDTH 8

__global__ void transpose(float *odata, const float *idata)
{
    __shared__ float tile[TILE][TILE + 1];

    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = idata[y * WIDTH + x];

    __barrier_invariant_1(tile[threadIdx.y][threadIdx.x] == idata[y * WIDTH + x], threadIdx.x);
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    odata[y * WIDTH + x] = tile[threadIdx.x][threadIdx.y];
}
