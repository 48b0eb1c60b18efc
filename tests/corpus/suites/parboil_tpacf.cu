// launch: --block-dim 8 --grid-dim 2 --buffer histograms=40 --buffer all_x_data=96 --param NUM_SETS=1 --param NUM_ELEMENTS=16
// origin: Parboil tpacf (CUDA) style: angular correlation, bin boundaries in __constant__ memory searched by binary search, per-block shared histograms, struct of float arrays
#include <cuda.h>

#define BLOCK_SIZE 8
#define NUM_BINS 20
#define WARP_SIZE 32
#define HISTS_PER_WARP 1
#define NUM_HISTOGRAMS (BLOCK_SIZE / WARP_SIZE + 1)

typedef unsigned long hist_t;

struct cartesian
{
    float x, y, z;
};

__constant__ float dev_binb[NUM_BINS + 1];

__global__ void gen_hists(hist_t *histograms, float *all_x_data, int NUM_SETS, int NUM_ELEMENTS)
{
    unsigned int bx = blockIdx.x;
    unsigned int tid = threadIdx.x;
    bool do_self = (bx < (NUM_SETS + 1));

    float *all_y_data = all_x_data + NUM_ELEMENTS * (NUM_SETS + 1);
    float *all_z_data = all_y_data + NUM_ELEMENTS * (NUM_SETS + 1);

    __shared__ struct cartesian data_s[BLOCK_SIZE];
    __shared__ unsigned int warp_hists[NUM_BINS][NUM_HISTOGRAMS];

    for (unsigned int w = 0; w < NUM_BINS * NUM_HISTOGRAMS; w += BLOCK_SIZE)
    {
        if (w + tid < NUM_BINS * NUM_HISTOGRAMS)
            warp_hists[(w + tid) / NUM_HISTOGRAMS][(w + tid) % NUM_HISTOGRAMS] = 0;
    }

    // Get stuff into shared memory to kick off the loop.
    float *data_x = all_x_data;
    float *data_y = all_y_data;
    float *data_z = all_z_data;
    float *random_x = all_x_data + NUM_ELEMENTS * (bx % (NUM_SETS + 1));
    float *random_y = all_y_data + NUM_ELEMENTS * (bx % (NUM_SETS + 1));
    float *random_z = all_z_data + NUM_ELEMENTS * (bx % (NUM_SETS + 1));

    for (unsigned int j = 0; j < NUM_ELEMENTS; j += BLOCK_SIZE)
    {
        // load current set of data into shared memory
        // (total of BLOCK_SIZE points loaded)
        __syncthreads();
        if (tid + j < NUM_ELEMENTS)
        {
            data_s[tid].x = data_x[j + tid];
            data_s[tid].y = data_y[j + tid];
            data_s[tid].z = data_z[j + tid];
        }
        __syncthreads();

        // iterate over all random points to compute angles with shared data points
        for (unsigned int i = tid; i < NUM_ELEMENTS; i += BLOCK_SIZE)
        {
            register float distance;
            register float rand_x = random_x[i];
            register float rand_y = random_y[i];
            register float rand_z = random_z[i];

            for (unsigned int k = 0; k < BLOCK_SIZE && j + k < NUM_ELEMENTS; k++)
            {
                // do actual calculations on the values:
                distance = data_s[k].x * rand_x + data_s[k].y * rand_y + data_s[k].z * rand_z;

                // run binary search to find bin_index
                unsigned int min = 0;
                unsigned int max = NUM_BINS;
                {
                    unsigned int k2;

                    while (max > min + 1)
                    {
                        k2 = (min + max) / 2;
                        if (distance >= dev_binb[k2])
                            max = k2;
                        else
                            min = k2;
                    }
                }

                if (!do_self || j + k > i) atomicAdd(&warp_hists[max][tid / WARP_SIZE], 1);
            }
        }
    }

    // coalesce the histograms in a block
    __syncthreads();
    for (unsigned int i = tid; i < NUM_BINS; i += BLOCK_SIZE)
    {
        unsigned int sum = 0;
        for (unsigned int w = 0; w < NUM_HISTOGRAMS; w++) sum += warp_hists[i][w];
        histograms[bx * NUM_BINS + i] = sum;
    }
}
