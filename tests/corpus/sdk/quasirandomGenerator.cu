// launch: --block-dim 8 --grid-dim 1 --buffer d_Output=32 --param seed=0 --param N=16
// origin: CUDA SDK quasirandomGenerator sample style (Niederreiter-like direction numbers in __constant__ memory, gray-code free XOR walk)
#include <cuda_runtime.h>

#define QRNG_DIMENSIONS 2
#define QRNG_RESOLUTION 31
#define INT_SCALE (1.0f / (float)0x80000001U)

static __constant__ unsigned int c_Table[QRNG_DIMENSIONS][QRNG_RESOLUTION];

__global__ void quasirandomGeneratorKernel(float *d_Output, unsigned int seed, unsigned int N)
{
    unsigned int *dimBase = &c_Table[threadIdx.y][0];
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    unsigned int threadN = blockDim.x * gridDim.x;

    for (unsigned int pos = tid; pos < N; pos += threadN)
    {
        unsigned int result = 0;
        unsigned int data = seed + pos;

        for (int bit = 0; bit < QRNG_RESOLUTION; bit++, data >>= 1)
            if (data & 1) result ^= dimBase[bit];

        d_Output[threadIdx.y * N + pos] = (float)(result + 1) * INT_SCALE;
    }
}
