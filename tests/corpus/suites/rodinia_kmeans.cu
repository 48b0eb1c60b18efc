// launch: --block-dim 8 --grid-dim 2 --buffer features=64 --buffer membership=16 --param npoints=16 --param nclusters=3 --param nfeatures=4
// origin: Rodinia kmeans (CUDA) style: texture fetches of points, cluster centres in __constant__ memory, FLT_MAX search
#include <cuda.h>
#include <float.h>

#define ASSUMED_NR_CLUSTERS 32
#define THREADS_PER_DIM 16
#define BLOCKS_PER_DIM 16
#define THREADS_PER_BLOCK THREADS_PER_DIM * THREADS_PER_DIM

// t_features has the layout dim0[points 0-m-1]dim1[ points 0-m-1]...
texture<float, 1, cudaReadModeElementType> t_features;
// t_features_flipped has the layout point0[dim 0-n-1]point1[dim 0-n-1]
texture<float, 1, cudaReadModeElementType> t_features_flipped;
texture<float, 1, cudaReadModeElementType> t_clusters;

__constant__ float c_clusters[ASSUMED_NR_CLUSTERS * 34]; /* constant memory for cluster centers */

__global__ void kmeansPoint(float *features, /* in: [npoints*nfeatures] */
                            int nfeatures, int npoints, int nclusters, int *membership)
{
    // block ID
    const unsigned int block_id = gridDim.x * blockIdx.y + blockIdx.x;
    // point/thread ID
    const unsigned int point_id = block_id * blockDim.x * blockDim.y + threadIdx.x;

    int index = -1;

    if (point_id < npoints)
    {
        int i, j;
        float min_dist = FLT_MAX;
        float dist; /* distance square between a point to cluster center */

        /* find the cluster center id with min distance to pt */
        for (i = 0; i < nclusters; i++)
        {
            int cluster_base_index = i * nfeatures; /* base index of cluster centers for inverted array */
            float ans = 0.0;                        /* Euclidean distance sqaure */

            for (j = 0; j < nfeatures; j++)
            {
                int addr = point_id + j * npoints; /* appropriate index of data point */
                float diff = (tex1Dfetch(t_features, addr) - c_clusters[cluster_base_index + j]); /* distance between a data point to cluster centers */
                ans += diff * diff; /* sum of squares */
            }
            dist = ans;

            /* see if distance is smaller than previous ones:
            if so, change minimum distance and save index of cluster center */
            if (dist < min_dist)
            {
                min_dist = dist;
                index = i;
            }
        }
    }

    if (point_id < npoints)
    {
        /* assign the membership to object point_id */
        membership[point_id] = index;
    }
}
