// launch: --block-dim 64 --grid-dim 1 --buffer val=64 --buffer cols=64 --buffer rowDelimiters=3 --buffer vec=32 --buffer out=2 --param dim=2
// origin: SHOC Spmv (CUDA) CSR vector kernel style: one warp per row, volatile shared partial sums, warp-synchronous reduction
#include <cuda.h>

template <typename fpType, typename texReader>
__global__ void spmv_csr_vector_kernel(const fpType *__restrict__ val, const int *__restrict__ cols,
                                       const int *__restrict__ rowDelimiters, const int dim, fpType *__restrict__ out,
                                       const fpType *__restrict__ vec)
{
    // Thread ID in block
    int t = threadIdx.x;
    // Thread ID within warp
    int id = t & (warpSize - 1);
    int warpsPerBlock = blockDim.x / warpSize;
    // One row per warp
    int myRow = (blockIdx.x * warpsPerBlock) + (t / warpSize);
    // Texture reader for the dense vector
    texReader vecTexReader;

    __shared__ volatile fpType partialSums[128];

    if (myRow < dim)
    {
        int warpStart = rowDelimiters[myRow];
        int warpEnd = rowDelimiters[myRow + 1];
        fpType mySum = 0;
        for (int j = warpStart + id; j < warpEnd; j += warpSize)
        {
            int col = cols[j];
            mySum += val[j] * vecTexReader(col, vec);
        }
        partialSums[t] = mySum;

        // Reduce partial sums
        if (id < 16) partialSums[t] += partialSums[t + 16];
        if (id < 8) partialSums[t] += partialSums[t + 8];
        if (id < 4) partialSums[t] += partialSums[t + 4];
        if (id < 2) partialSums[t] += partialSums[t + 2];
        if (id < 1) partialSums[t] += partialSums[t + 1];

        // Write result
        if (id == 0)
        {
            out[myRow] = partialSums[t];
        }
    }
}

struct vecReader
{
    __device__ float operator()(int idx, const float *vec) const { return vec[idx]; }
};

template __global__ void spmv_csr_vector_kernel<float, vecReader>(const float *, const int *, const int *, const int,
                                                                  float *, const float *);
