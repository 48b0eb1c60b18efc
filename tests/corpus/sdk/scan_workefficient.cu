// launch: --block-dim 8 --grid-dim 1 --buffer g_odata=16 --buffer g_idata=16 --param n=16
// origin: CUDA SDK / GPU Gems 3 work-efficient (Blelloch) scan with bank-conflict avoidance style
#include <cuda_runtime.h>

#define NUM_BANKS 16
#define LOG_NUM_BANKS 4
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void prescan(int *g_odata, const int *g_idata, int n)
{
    extern __shared__ int temp[];
    int thid = threadIdx.x;
    int offset = 1;

    int ai = thid;
    int bi = thid + (n / 2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = g_idata[ai];
    temp[bi + bankOffsetB] = g_idata[bi];

    // build sum in place up the tree
    for (int d = n >> 1; d > 0; d >>= 1)
    {
        __syncthreads();
        if (thid < d)
        {
            int ai2 = offset * (2 * thid + 1) - 1;
            int bi2 = offset * (2 * thid + 2) - 1;
            ai2 += CONFLICT_FREE_OFFSET(ai2);
            bi2 += CONFLICT_FREE_OFFSET(bi2);
            temp[bi2] += temp[ai2];
        }
        offset *= 2;
    }

    // clear the last element
    if (thid == 0) temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;

    // traverse down tree & build scan
    for (int d = 1; d < n; d *= 2)
    {
        offset >>= 1;
        __syncthreads();
        if (thid < d)
        {
            int ai2 = offset * (2 * thid + 1) - 1;
            int bi2 = offset * (2 * thid + 2) - 1;
            ai2 += CONFLICT_FREE_OFFSET(ai2);
            bi2 += CONFLICT_FREE_OFFSET(bi2);
            int t = temp[ai2];
            temp[ai2] = temp[bi2];
            temp[bi2] += t;
        }
    }
    __syncthreads();

    g_odata[ai] = temp[ai + bankOffsetA];
    g_odata[bi] = temp[bi + bankOffsetB];
}
