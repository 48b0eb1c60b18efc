// launch: --block-dim 8 --grid-dim 2 --kernel kernel --buffer arrayX=16 --buffer arrayY=16 --buffer CDF=16 --buffer u=16 --buffer xj=16 --buffer yj=16 --param Nparticles=16
// origin: Rodinia particlefilter (CUDA, naive) style: resampling by a linear search of the CDF per particle, double arrays
#include <cuda.h>
#include <math.h>

__global__ void kernel(double *arrayX, double *arrayY, double *CDF, double *u, double *xj, double *yj, int Nparticles)
{
    int block_id = blockIdx.x; // + gridDim.x * blockIdx.y;
    int i = blockDim.x * block_id + threadIdx.x;

    if (i < Nparticles)
    {
        int index = -1;
        int x;

        for (x = 0; x < Nparticles; x++)
        {
            if (CDF[x] >= u[i])
            {
                index = x;
                break;
            }
        }
        if (index == -1)
        {
            index = Nparticles - 1;
        }

        xj[i] = arrayX[index];
        yj[i] = arrayY[index];
    }
}

/** Uniform pseudo-random number in [0, 1) from a linear congruential generator
 * (seed advanced in place), as the host side of the benchmark uses */
__device__ double d_randu(int *seed, int index)
{
    int M = 2147483647;
    int A = 1103515245;
    int C = 12345;
    int num = A * seed[index] + C;
    seed[index] = num % M;
    return fabs(seed[index] / ((double)M));
}

__device__ double d_randn(int *seed, int index)
{
    // Box-Muller algortihm
    double pi = 3.14159265358979323846;
    double u = d_randu(seed, index);
    double v = d_randu(seed, index);
    double cosine = cos(2 * pi * v);
    double rt = -2 * log(u);
    return sqrt(rt) * cosine;
}

__global__ void likelihood_kernel(double *arrayX, double *arrayY, int *seed, int Nparticles)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < Nparticles)
    {
        arrayX[i] = arrayX[i] + 1.0 + 5.0 * d_randn(seed, i);
        arrayY[i] = arrayY[i] - 2.0 + 2.0 * d_randn(seed, i);
    }
}
