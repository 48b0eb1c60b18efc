// launch: --block-dim 4,4 --grid-dim 2,2 --kernel mm3_kernel3 --buffer E=64 --buffer F=64 --buffer G=64
// origin: PolyBench/GPU 3mm (CUDA) style: three kernels E=A.B, F=C.D, G=E.F
#include <cuda.h>

#define NI 8
#define NJ 8
#define NK 8
#define NL 8
#define NM 8

typedef float DATA_TYPE;

__global__ void mm3_kernel1(DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *E)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < NI) && (j < NJ))
    {
        for (int k = 0; k < NK; k++) E[i * NJ + j] += A[i * NK + k] * B[k * NJ + j];
    }
}

__global__ void mm3_kernel2(DATA_TYPE *C, DATA_TYPE *D, DATA_TYPE *F)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < NJ) && (j < NL))
    {
        for (int k = 0; k < NM; k++) F[i * NL + j] += C[i * NM + k] * D[k * NL + j];
    }
}

__global__ void mm3_kernel3(DATA_TYPE *E, DATA_TYPE *F, DATA_TYPE *G)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < NI) && (j < NL))
    {
        for (int k = 0; k < NJ; k++) G[i * NL + j] += E[i * NJ + k] * F[k * NL + j];
    }
}
