// launch: --block-dim 4 --grid-dim 1 --kernel lud_diagonal --buffer m=64 --param matrix_dim=8 --param offset=0
// origin: Rodinia lud (CUDA) style: diagonal, perimeter and internal kernels over BLOCK_SIZE tiles in shared memory
#include <cuda.h>

#define BLOCK_SIZE 4

__global__ void lud_diagonal(float *m, int matrix_dim, int offset)
{
    int i, j;
    __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];

    int array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++)
    {
        shadow[i][threadIdx.x] = m[array_offset + threadIdx.x];
        array_offset += matrix_dim;
    }
    __syncthreads();
    for (i = 0; i < BLOCK_SIZE - 1; i++)
    {
        if (threadIdx.x > i)
        {
            for (j = 0; j < i; j++) shadow[threadIdx.x][i] -= shadow[threadIdx.x][j] * shadow[j][i];
            shadow[threadIdx.x][i] /= shadow[i][i];
        }

        __syncthreads();
        if (threadIdx.x > i)
        {
            for (j = 0; j < i + 1; j++) shadow[i + 1][threadIdx.x] -= shadow[i + 1][j] * shadow[j][threadIdx.x];
        }
        __syncthreads();
    }

    /*
       The first row is not modified, it
       is no need to write it back to the
       global memory
     */
    array_offset = (offset + 1) * matrix_dim + offset;
    for (i = 1; i < BLOCK_SIZE; i++)
    {
        m[array_offset + threadIdx.x] = shadow[i][threadIdx.x];
        array_offset += matrix_dim;
    }
}

__global__ void lud_internal(float *m, int matrix_dim, int offset)
{
    __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];

    int i;
    float sum;

    int global_row_id = offset + (blockIdx.y + 1) * BLOCK_SIZE;
    int global_col_id = offset + (blockIdx.x + 1) * BLOCK_SIZE;

    peri_row[threadIdx.y][threadIdx.x] = m[(offset + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x];
    peri_col[threadIdx.y][threadIdx.x] = m[(global_row_id + threadIdx.y) * matrix_dim + offset + threadIdx.x];

    __syncthreads();

    sum = 0;
    for (i = 0; i < BLOCK_SIZE; i++) sum += peri_col[threadIdx.y][i] * peri_row[i][threadIdx.x];
    m[(global_row_id + threadIdx.y) * matrix_dim + global_col_id + threadIdx.x] -= sum;
}
