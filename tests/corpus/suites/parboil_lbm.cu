// launch: --block-dim 4 --grid-dim 2,2 --buffer srcGrid=2048 --buffer dstGrid=2048
// origin: Parboil lbm (CUDA) style: D3Q19 lattice Boltzmann collide-and-stream, heavy macro layer over a flat float grid, flag bits as a float reinterpreted
#include <cuda.h>

#define SIZE_X 4
#define SIZE_Y 2
#define SIZE_Z 2
#define OMEGA (1.95f)
#define N_CELL_ENTRIES 20

typedef enum { C = 0, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB, FLAGS } CELL_ENTRIES;
typedef enum { OBSTACLE = 1 << 0, ACCEL = 1 << 1, IN_OUT_FLOW = 1 << 2 } CELL_FLAGS;

#define CALC_INDEX(x, y, z, e) ((e) + N_CELL_ENTRIES * ((x) + (y)*SIZE_X + (z)*SIZE_X * SIZE_Y))
#define SRC_C(g) (g[CALC_INDEX(0, 0, 0, C)])
#define SRC_N(g) (g[CALC_INDEX(0, 0, 0, N)])
#define SRC_S(g) (g[CALC_INDEX(0, 0, 0, S)])
#define SRC_E(g) (g[CALC_INDEX(0, 0, 0, E)])
#define SRC_W(g) (g[CALC_INDEX(0, 0, 0, W)])
#define SRC_T(g) (g[CALC_INDEX(0, 0, 0, T)])
#define SRC_B(g) (g[CALC_INDEX(0, 0, 0, B)])
#define SRC_FLAGS(g) (g[CALC_INDEX(0, 0, 0, FLAGS)])
#define DST_C(g) (g[CALC_INDEX(0, 0, 0, C)])
#define DST_N(g) (g[CALC_INDEX(0, +1, 0, N)])
#define DST_S(g) (g[CALC_INDEX(0, -1, 0, S)])
#define DST_E(g) (g[CALC_INDEX(+1, 0, 0, E)])
#define DST_W(g) (g[CALC_INDEX(-1, 0, 0, W)])
#define DST_T(g) (g[CALC_INDEX(0, 0, +1, T)])
#define DST_B(g) (g[CALC_INDEX(0, 0, -1, B)])

#define TEST_FLAG(g, f) ((*(unsigned int *)(void *)(&SRC_FLAGS(g))) & (f))

#define DFL1 (1.0f / 3.0f)
#define DFL2 (1.0f / 18.0f)

__global__ void performStreamCollide_kernel(float *srcGrid, float *dstGrid)
{
    // the grid is padded by one cell on every side so that neighbours exist
    int x = threadIdx.x;
    int y = blockIdx.x;
    int z = blockIdx.y;
    int cell = CALC_INDEX(x, y + 1, z + 1, 0) + N_CELL_ENTRIES * SIZE_X * SIZE_Y;
    float *src = srcGrid + cell;
    float *dst = dstGrid + cell;

    float rho, ux, uy, uz, u2;

    rho = SRC_C(src) + SRC_N(src) + SRC_S(src) + SRC_E(src) + SRC_W(src) + SRC_T(src) + SRC_B(src);
    ux = SRC_E(src) - SRC_W(src);
    uy = SRC_N(src) - SRC_S(src);
    uz = SRC_T(src) - SRC_B(src);
    if (rho != 0.0f)
    {
        ux /= rho;
        uy /= rho;
        uz /= rho;
    }

    if (TEST_FLAG(src, ACCEL))
    {
        ux = 0.005f;
        uy = 0.002f;
        uz = 0.000f;
    }

    u2 = 1.5f * (ux * ux + uy * uy + uz * uz);
    if (TEST_FLAG(src, OBSTACLE))
    {
        // bounce back
        DST_C(dst) = SRC_C(src);
        DST_S(dst) = SRC_N(src);
        DST_N(dst) = SRC_S(src);
        DST_W(dst) = SRC_E(src);
        DST_E(dst) = SRC_W(src);
        DST_B(dst) = SRC_T(src);
        DST_T(dst) = SRC_B(src);
    }
    else
    {
        DST_C(dst) = (1.0f - OMEGA) * SRC_C(src) + DFL1 * OMEGA * rho * (1.0f - u2);
        DST_N(dst) = (1.0f - OMEGA) * SRC_N(src) + DFL2 * OMEGA * rho * (1.0f + uy * (4.5f * uy + 3.0f) - u2);
        DST_S(dst) = (1.0f - OMEGA) * SRC_S(src) + DFL2 * OMEGA * rho * (1.0f + uy * (4.5f * uy - 3.0f) - u2);
        DST_E(dst) = (1.0f - OMEGA) * SRC_E(src) + DFL2 * OMEGA * rho * (1.0f + ux * (4.5f * ux + 3.0f) - u2);
        DST_W(dst) = (1.0f - OMEGA) * SRC_W(src) + DFL2 * OMEGA * rho * (1.0f + ux * (4.5f * ux - 3.0f) - u2);
        DST_T(dst) = (1.0f - OMEGA) * SRC_T(src) + DFL2 * OMEGA * rho * (1.0f + uz * (4.5f * uz + 3.0f) - u2);
        DST_B(dst) = (1.0f - OMEGA) * SRC_B(src) + DFL2 * OMEGA * rho * (1.0f + uz * (4.5f * uz - 3.0f) - u2);
    }
}
