// launch: --block-dim 8 --grid-dim 2 --buffer p_w=16 --buffer p_cost=16 --buffer p_assign=16 --buffer center_table_d=16 --buffer switch_membership_d=16 --buffer work_mem_d=96 --buffer coord_d=32 --param num=16 --param dim=2 --param x=3 --param K=4 --param stride=5
// origin: Rodinia streamcluster pgain (CUDA) style: extern shared coordinate cache, per-point cost delta, char membership flags, distance helper over a strided coord array
#include <cuda.h>

#define THREADS_PER_BLOCK 8

typedef struct
{
    float weight;
    long assign; /* number of point where this one is assigned */
    float cost;  /* cost of that assignment, weight*distance */
} Point_Struct;

__device__ float d_dist(int p1, int p2, int num, int dim, float *coord_d)
{
    float retval = 0.0;
    for (int i = 0; i < dim; i++)
    {
        float tmp = coord_d[(i * num) + p1] - coord_d[(i * num) + p2];
        retval += tmp * tmp;
    }
    return retval;
}

__global__ void kernel_compute_cost(int num, int dim, long x, float *p_w, long *p_assign, float *p_cost, int K,
                                    int stride, float *coord_d, float *work_mem_d, int *center_table_d,
                                    bool *switch_membership_d)
{
    // block ID and global thread ID
    const int bid = blockIdx.x + gridDim.x * blockIdx.y;
    const int tid = blockDim.x * bid + threadIdx.x;

    if (tid < num)
    {
        float *lower = &work_mem_d[tid * stride];

        // cost between this point and point[x]: euclidean distance multiplied by weight
        float x_cost = d_dist(tid, x, num, dim, coord_d) * p_w[tid];

        // if computed cost is less then original (it saves), mark it as to reassign
        if (x_cost < p_cost[tid])
        {
            switch_membership_d[tid] = 1;
            lower[K] += x_cost - p_cost[tid];
        }
        // if computed cost is larger, save the difference
        else
        {
            lower[center_table_d[p_assign[tid]]] += p_cost[tid] - x_cost;
        }
    }
}
