// launch: --block-dim 16 --grid-dim 1 --buffer image=16 --buffer out=16
// origin: CUDA SDK dxtc sample style (union of a packed RGBA word and its bytes, switch on the colour channel, unsigned char math)
#include <cuda_runtime.h>

union Color32
{
    struct
    {
        unsigned char b, g, r, a;
    } c;
    unsigned int u;
};

__device__ int channel(Color32 col, int which)
{
    switch (which)
    {
    case 0:
        return col.c.r;
    case 1:
        return col.c.g;
    case 2:
        return col.c.b;
    default:
        return col.c.a;
    }
}

__global__ void lumaKernel(const unsigned int *image, unsigned int *out)
{
    Color32 col;
    col.u = image[threadIdx.x];
    int y = (2 * channel(col, 0) + 5 * channel(col, 1) + channel(col, 2)) >> 3;
    col.c.r = col.c.g = col.c.b = (unsigned char)min(y, 255);
    out[threadIdx.x] = col.u;
}
