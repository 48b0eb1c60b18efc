// launch: --block-dim 8 --grid-dim 2 --kernel estimatePi --buffer states=16 --buffer result=2 --param seed.lo=1234 --param trials=4
// origin: CUDA SDK / cuRAND device API sample style (curand_init per thread, curand_uniform, block reduction of hits)
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define THREADS 8

__global__ void setup_kernel(curandState *state, unsigned long long seed)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    /* Each thread gets same seed, a different sequence number, no offset */
    curand_init(seed, id, 0, &state[id]);
}

__global__ void estimatePi(curandState *states, unsigned int *result, unsigned long long seed, int trials)
{
    __shared__ unsigned int hits[THREADS];
    int id = threadIdx.x + blockIdx.x * blockDim.x;

    curandState localState;
    curand_init(seed, id, 0, &localState);

    unsigned int inside = 0;
    for (int i = 0; i < trials; i++)
    {
        float x = curand_uniform(&localState);
        float y = curand_uniform(&localState);
        if (x * x + y * y <= 1.0f) inside++;
    }
    states[id] = localState;

    hits[threadIdx.x] = inside;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1)
    {
        if (threadIdx.x < s) hits[threadIdx.x] += hits[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) result[blockIdx.x] = hits[0];
}
