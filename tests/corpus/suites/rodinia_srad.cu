// launch: --block-dim 4,4 --grid-dim 2,2 --buffer E_C=64 --buffer W_C=64 --buffer N_C=64 --buffer S_C=64 --buffer J_cuda=64 --buffer C_cuda=64 --param cols=8 --param rows=8 --param q0sqr=1056964608
// origin: Rodinia srad_v2 (CUDA) style: diffusion coefficient from gradients in shared tiles, boundary special cases; like the original it reads the halo row above block row 0 before testing by == 0
#include <cuda.h>

#define BLOCK_SIZE 4

__global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C, float *J_cuda, float *C_cuda,
                            int cols, int rows, float q0sqr)
{
    // block id
    int bx = blockIdx.x;
    int by = blockIdx.y;

    // thread id
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    // indices
    int index = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
    int index_n = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + tx - cols;
    int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
    int index_w = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty - 1;
    int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;

    float n, w, e, s, jc, g2, l, num, den, qsqr, c;

    // shared memory allocation
    __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];

    __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float east[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float west[BLOCK_SIZE][BLOCK_SIZE];

    // load data to shared memory
    north[ty][tx] = J_cuda[index_n];
    south[ty][tx] = J_cuda[index_s];
    if (by == 0)
    {
        north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
    }
    else if (by == gridDim.y - 1)
    {
        south[ty][tx] = J_cuda[cols * BLOCK_SIZE * (gridDim.y - 1) + BLOCK_SIZE * bx + cols * (BLOCK_SIZE - 1) + tx];
    }
    __syncthreads();

    west[ty][tx] = J_cuda[index_w];
    east[ty][tx] = J_cuda[index_e];

    if (bx == 0)
    {
        west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
    }
    else if (bx == gridDim.x - 1)
    {
        east[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + BLOCK_SIZE * (gridDim.x - 1) + cols * ty + BLOCK_SIZE - 1];
    }

    __syncthreads();

    temp[ty][tx] = J_cuda[index];

    __syncthreads();

    jc = temp[ty][tx];

    if (ty == 0 && tx == 0)
    { // nw
        n = north[ty][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = west[ty][tx] - jc;
        e = temp[ty][tx + 1] - jc;
    }
    else if (ty == 0 && tx == BLOCK_SIZE - 1)
    { // ne
        n = north[ty][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = east[ty][tx] - jc;
    }
    else if (ty == BLOCK_SIZE - 1 && tx == BLOCK_SIZE - 1)
    { // se
        n = temp[ty - 1][tx] - jc;
        s = south[ty][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = east[ty][tx] - jc;
    }
    else if (ty == BLOCK_SIZE - 1 && tx == 0)
    { // sw
        n = temp[ty - 1][tx] - jc;
        s = south[ty][tx] - jc;
        w = west[ty][tx] - jc;
        e = temp[ty][tx + 1] - jc;
    }
    else if (ty == 0)
    { // n
        n = north[ty][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = temp[ty][tx + 1] - jc;
    }
    else if (tx == BLOCK_SIZE - 1)
    { // e
        n = temp[ty - 1][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = east[ty][tx] - jc;
    }
    else if (ty == BLOCK_SIZE - 1)
    { // s
        n = temp[ty - 1][tx] - jc;
        s = south[ty][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = temp[ty][tx + 1] - jc;
    }
    else if (tx == 0)
    { // w
        n = temp[ty - 1][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = west[ty][tx] - jc;
        e = temp[ty][tx + 1] - jc;
    }
    else
    { // the data elements which are not on the borders
        n = temp[ty - 1][tx] - jc;
        s = temp[ty + 1][tx] - jc;
        w = temp[ty][tx - 1] - jc;
        e = temp[ty][tx + 1] - jc;
    }

    g2 = (n * n + s * s + w * w + e * e) / (jc * jc);

    l = (n + s + w + e) / jc;

    num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
    den = 1 + (.25 * l);
    qsqr = num / (den * den);

    // diffusion coefficent (equ 33)
    den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
    c = 1.0 / (1.0 + den);

    // saturate diffusion coefficent
    if (c < 0) { temp_result[ty][tx] = 0; }
    else if (c > 1) { temp_result[ty][tx] = 1; }
    else { temp_result[ty][tx] = c; }

    __syncthreads();

    C_cuda[index] = temp_result[ty][tx];
    E_C[index] = e;
    W_C[index] = w;
    S_C[index] = s;
    N_C[index] = n;
}
