// launch: --block-dim 8 --grid-dim 2 --buffer x=16 --buffer y=16 --buffer z=16 --buffer Qr=16 --buffer Qi=16 --param numK=4 --param kGlobalIndex=0
// origin: Parboil mri-q (CUDA) style: kValues struct array in __constant__ memory, __sinf/__cosf (sincos) of the phase, K chunking
#include <cuda.h>

#define PI 3.1415926535897932384626433832795029f
#define PIx2 6.2831853071795864769252867665590058f

#define KERNEL_Q_THREADS_PER_BLOCK 8
#define KERNEL_Q_K_ELEMS_PER_GRID 1024

struct kValues
{
    float Kx;
    float Ky;
    float Kz;
    float PhiMag;
};

__constant__ __device__ kValues ck[KERNEL_Q_K_ELEMS_PER_GRID];

__global__ void ComputeQ_GPU(int numK, int kGlobalIndex, float *x, float *y, float *z, float *Qr, float *Qi)
{
    float sX;
    float sY;
    float sZ;
    float sQr;
    float sQi;

    // Determine the element of the X arrays computed by this thread
    int xIndex = blockIdx.x * KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x;

    // Read block's X values from global mem to shared mem
    sX = x[xIndex];
    sY = y[xIndex];
    sZ = z[xIndex];
    sQr = Qr[xIndex];
    sQi = Qi[xIndex];

    // Loop over all elements of K in constant mem to compute a partial value
    // for X.
    int kIndex = 0;
    if (numK % 2)
    {
        float expArg = PIx2 * (ck[0].Kx * sX + ck[0].Ky * sY + ck[0].Kz * sZ);
        sQr += ck[0].PhiMag * cos(expArg);
        sQi += ck[0].PhiMag * sin(expArg);
        kIndex++;
        kGlobalIndex++;
    }

    for (; (kIndex < KERNEL_Q_K_ELEMS_PER_GRID) && (kGlobalIndex < numK); kIndex += 2, kGlobalIndex += 2)
    {
        float expArg = PIx2 * (ck[kIndex].Kx * sX + ck[kIndex].Ky * sY + ck[kIndex].Kz * sZ);
        float s, c;
        __sincosf(expArg, &s, &c);
        sQr += ck[kIndex].PhiMag * c;
        sQi += ck[kIndex].PhiMag * s;

        int kIndex1 = kIndex + 1;
        float expArg1 = PIx2 * (ck[kIndex1].Kx * sX + ck[kIndex1].Ky * sY + ck[kIndex1].Kz * sZ);
        sQr += ck[kIndex1].PhiMag * __cosf(expArg1);
        sQi += ck[kIndex1].PhiMag * __sinf(expArg1);
    }

    Qr[xIndex] = sQr;
    Qi[xIndex] = sQi;
}
