// launch: --block-dim 8 --grid-dim 2 --buffer A=16 --buffer B=16 --buffer C=16 --param s=1073741824
// origin: SHOC Triad (CUDA) style: STREAM triad, one element per thread
#include <cuda.h>

__global__ void triad(float *A, float *B, float *C, float s)
{
    int gid = threadIdx.x + (blockIdx.x * blockDim.x);
    C[gid] = A[gid] + s * B[gid];
}
