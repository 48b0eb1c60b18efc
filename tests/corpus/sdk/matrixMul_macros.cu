// launch: --block-dim 4,4 --grid-dim 2,2 --buffer C=64 --buffer A=64 --buffer B=64 --param wA=8 --param wB=8
// origin: older CUDA SDK matrixMul kernel style (AS/BS accessor macros, CUT_BANK_CHECKER, __ldg)
#include <cuda_runtime.h>

#define BLOCK_SIZE 4
#define CHECK_BANK_CONFLICTS 0
#if CHECK_BANK_CONFLICTS
#define AS(i, j) cutilBankChecker(((float *)&As[0][0]), (BLOCK_SIZE * i + j))
#define BS(i, j) cutilBankChecker(((float *)&Bs[0][0]), (BLOCK_SIZE * i + j))
#else
#define AS(i, j) As[i][j]
#define BS(i, j) Bs[i][j]
#endif

extern "C" __global__ void matrixMul(float *__restrict__ C, const float *__restrict__ A,
                                     const float *__restrict__ B, int wA, int wB)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int aBegin = wA * BLOCK_SIZE * by;
    int aEnd = aBegin + wA - 1;
    int aStep = BLOCK_SIZE;
    int bBegin = BLOCK_SIZE * bx;
    int bStep = BLOCK_SIZE * wB;

    float Csub = 0.0f;

    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep)
    {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];

        AS(ty, tx) = __ldg(&A[a + wA * ty + tx]);
        BS(ty, tx) = __ldg(&B[b + wB * ty + tx]);
        __syncthreads();

        for (int k = 0; k < BLOCK_SIZE; ++k)
            Csub = fmaf(AS(ty, k), BS(k, tx), Csub);
        __syncthreads();
    }

    int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + wB * ty + tx] = Csub;
}
