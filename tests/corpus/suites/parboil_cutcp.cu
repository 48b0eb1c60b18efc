// launch: --block-dim 4,2,2 --grid-dim 2 --buffer regionZeroAddr=128 --buffer binZeroAddr=64 --param binDim_x=4 --param binDim_y=4 --param h=1056964608 --param cutoff2=1082130432 --param inv_cutoff2=1048576000 --param zRegionIndex=0
// origin: Parboil cutcp (CUDA) style: float4 atom bins, neighbour offsets in __constant__ memory, cooperative shared loads, switch-free energy sum
#include <cuda.h>

#define BIN_DEPTH 4
#define BIN_LENGTH 4
#define NBRLIST_MAXLEN 27
#define REGION_SIZE 16

__constant__ int NbrListLen;
__constant__ int3 NbrList[NBRLIST_MAXLEN];

__global__ void cuda_cutoff_potential_lattice6overlap(int binDim_x, int binDim_y, float4 *binZeroAddr, float h,
                                                      float cutoff2, float inv_cutoff2, float *regionZeroAddr,
                                                      int zRegionIndex)
{
    __shared__ float AtomBinCache[BIN_LENGTH * BIN_DEPTH];
    __shared__ float *mySubRegionAddr;
    __shared__ int3 myBinIndex;

    const int xRegionIndex = blockIdx.x;
    const int yRegionIndex = blockIdx.y;

    /* thread id */
    const int tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;

    /* neighbor index */
    int nbrid;

    /* this is the start of the sub-region indexed by tid */
    float *myRegionAddr;

    float x, y, z;
    float energy0 = 0.f;

    if (tid == 0)
    {
        /* offset of this block's region in the whole lattice */
        int totalbins = gridDim.x * gridDim.y * zRegionIndex + yRegionIndex * gridDim.x + xRegionIndex;
        mySubRegionAddr = regionZeroAddr + (totalbins << 4);
        myBinIndex.x = xRegionIndex;
        myBinIndex.y = yRegionIndex;
        myBinIndex.z = zRegionIndex;
    }
    __syncthreads();
    myRegionAddr = mySubRegionAddr + threadIdx.z * 8 + threadIdx.y * 4;

    /* coordinates of this grid point */
    x = (8 * xRegionIndex + threadIdx.x) * h;
    y = (8 * yRegionIndex + threadIdx.y) * h;
    z = (8 * zRegionIndex + threadIdx.z) * h;

    /* bin loop */
    for (nbrid = 0; nbrid < NbrListLen; nbrid++)
    {
        int i = myBinIndex.x + NbrList[nbrid].x;
        int j = myBinIndex.y + NbrList[nbrid].y;
        int k = myBinIndex.z + NbrList[nbrid].z;

        /* skip bins out of range */
        if (i < 0 || i >= binDim_x || j < 0 || j >= binDim_y || k < 0) continue;

        __syncthreads();
        if (tid < BIN_LENGTH)
        {
            float4 *addr = binZeroAddr + (((k * binDim_y) + j) * binDim_x + i) * BIN_DEPTH + tid;
            float4 atom = *addr;
            AtomBinCache[tid * 4 + 0] = atom.x;
            AtomBinCache[tid * 4 + 1] = atom.y;
            AtomBinCache[tid * 4 + 2] = atom.z;
            AtomBinCache[tid * 4 + 3] = atom.w;
        }
        __syncthreads();

        for (int m = 0; m < BIN_DEPTH; m++)
        {
            float aq = AtomBinCache[m * 4 + 3];
            if (0.f == aq) break; /* no more atoms in bin */

            float dx = AtomBinCache[m * 4 + 0] - x;
            float dz = AtomBinCache[m * 4 + 2] - z;
            float dxdz2 = dx * dx + dz * dz;
            if (dxdz2 >= cutoff2) continue;
            float dy = AtomBinCache[m * 4 + 1] - y;
            float r2 = dy * dy + dxdz2;

            if (r2 < cutoff2)
            {
                float s = (1.f - r2 * inv_cutoff2);
                energy0 += aq * rsqrtf(r2) * s * s;
            }
        }
    }

    /* store energies to global memory */
    myRegionAddr[threadIdx.x] += energy0;
}
