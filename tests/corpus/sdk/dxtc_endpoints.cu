// launch: --block-dim 16 --grid-dim 2 --buffer image=32 --buffer result=4
// origin: CUDA SDK dxtc sample style (DXT1 block: per-block colour extrema by shared min/max reduction, 565 packing, index bits)
#include <cuda_runtime.h>

#define NUM_THREADS 16
typedef unsigned int uint;

__device__ inline uint float_to_u8(float f) { return (uint)__saturatef(f) * 255; }

__device__ inline unsigned short pack565(float3 c)
{
    uint r = (uint)(__saturatef(c.x) * 31.0f + 0.5f);
    uint g = (uint)(__saturatef(c.y) * 63.0f + 0.5f);
    uint b = (uint)(__saturatef(c.z) * 31.0f + 0.5f);
    return (unsigned short)((r << 11) | (g << 5) | b);
}

__device__ void colorSums(const float3 *colors, float3 *sums)
{
    const int idx = threadIdx.x;

    sums[idx] = colors[idx];
    sums[idx].x += sums[idx ^ 8].x;  sums[idx].y += sums[idx ^ 8].y;  sums[idx].z += sums[idx ^ 8].z;
    sums[idx].x += sums[idx ^ 4].x;  sums[idx].y += sums[idx ^ 4].y;  sums[idx].z += sums[idx ^ 4].z;
    sums[idx].x += sums[idx ^ 2].x;  sums[idx].y += sums[idx ^ 2].y;  sums[idx].z += sums[idx ^ 2].z;
    sums[idx].x += sums[idx ^ 1].x;  sums[idx].y += sums[idx ^ 1].y;  sums[idx].z += sums[idx ^ 1].z;
}

__global__ void compressDXT1(const uint *image, uint2 *result)
{
    __shared__ float3 colors[NUM_THREADS];
    __shared__ float3 sums[NUM_THREADS];
    __shared__ float dps[NUM_THREADS];
    __shared__ uint packed;

    const int idx = threadIdx.x;
    const int bid = blockIdx.x;

    // read one texel, unpack RGBA8 to floats
    uint c = image[bid * NUM_THREADS + idx];
    colors[idx].x = ((c >> 0) & 0xFF) * (1.0f / 255.0f);
    colors[idx].y = ((c >> 8) & 0xFF) * (1.0f / 255.0f);
    colors[idx].z = ((c >> 16) & 0xFF) * (1.0f / 255.0f);
    __syncthreads();

    colorSums(colors, sums);
    __syncthreads();

    float3 mean;
    mean.x = sums[0].x / NUM_THREADS;
    mean.y = sums[0].y / NUM_THREADS;
    mean.z = sums[0].z / NUM_THREADS;

    // project onto the luminance axis, and find extreme points
    dps[idx] = (colors[idx].x - mean.x) * 0.2126f + (colors[idx].y - mean.y) * 0.7152f +
               (colors[idx].z - mean.z) * 0.0722f;
    __syncthreads();

    int minIdx = 0, maxIdx = 0;
    if (idx == 0)
    {
        for (int i = 1; i < NUM_THREADS; i++)
        {
            if (dps[i] < dps[minIdx]) minIdx = i;
            if (dps[i] > dps[maxIdx]) maxIdx = i;
        }
        packed = 0;
    }
    __syncthreads();

    // each texel picks the closer endpoint: one index bit per texel (DXT1 uses two)
    float dmin = fabsf(dps[idx] - dps[0]);
    float dmax = fabsf(dps[idx] - dps[NUM_THREADS - 1]);
    uint bits = (dmax < dmin) ? 1u : 0u;
    atomicOr(&packed, bits << (2 * idx));
    __syncthreads();

    if (idx == 0)
    {
        unsigned short c0 = pack565(colors[maxIdx]);
        unsigned short c1 = pack565(colors[minIdx]);
        result[bid].x = ((uint)c0 << 16) | c1;
        result[bid].y = packed;
    }
}
