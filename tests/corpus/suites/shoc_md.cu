// launch: --block-dim 8 --grid-dim 2 --buffer force=16 --buffer position=16 --buffer neighList=64 --param neighCount=4 --param cutsq=1098907648 --param lj1=1069547520 --param lj2=1073741824 --param inum=16
// origin: SHOC md (CUDA) style: Lennard-Jones forces over a neighbour list, templated on float4 position type, texture-cached positions
#include <cuda.h>

texture<float4, 1, cudaReadModeElementType> posTexture;

template <class T>
__device__ inline T texfetch(const int &i)
{
    return tex1Dfetch(posTexture, i);
}

template <class T, class forceVecType, class posVecType, bool useTexture, typename texReader>
__global__ void compute_lj_force(forceVecType *__restrict__ force, const posVecType *__restrict__ position,
                                 const int neighCount, const int *__restrict__ neighList, const T cutsq, const T lj1,
                                 const T lj2, const int inum)
{
    uint idx = blockIdx.x * blockDim.x + threadIdx.x;

#ifdef USE_TEXTURE
    posVecType ipos = texReader(idx);
#else
    posVecType ipos = position[idx];
#endif

    forceVecType f = {0.0f, 0.0f, 0.0f, 0.0f};

    int j = 0;
    while (j < neighCount)
    {
        int jidx = neighList[j * inum + idx];
        posVecType jpos;
        if (useTexture)
        {
            // Use texture mem as a cache
            jpos = texfetch<posVecType>(jidx);
        }
        else
        {
            jpos = position[jidx];
        }

        // Calculate distance
        T delx = ipos.x - jpos.x;
        T dely = ipos.y - jpos.y;
        T delz = ipos.z - jpos.z;
        T r2inv = delx * delx + dely * dely + delz * delz;

        // If distance is less than cutoff, calculate force
        // and add to accumulator
        if (r2inv < cutsq)
        {
            r2inv = 1.0f / r2inv;
            T r6inv = r2inv * r2inv * r2inv;
            T force = r2inv * r6inv * (lj1 * r6inv - lj2);

            f.x += delx * force;
            f.y += dely * force;
            f.z += delz * force;
        }
        j++;
    }

    // store the results
    force[idx] = f;
}

struct NoTexture
{
    __device__ float4 operator()(int) const { return make_float4(0, 0, 0, 0); }
};

template __global__ void compute_lj_force<float, float4, float4, false, NoTexture>(float4 *, const float4 *, const int,
                                                                                  const int *, const float, const float,
                                                                                  const float, const int);
