// launch: --block-dim 8 --grid-dim 1 --buffer work=64
// origin: SHOC fft (CUDA) style: radix-2 stages on float2 complex values in shared memory, twiddles from __sincosf, complex helpers as macros
#include <cuda.h>

#define N 16
#define M_2PI 6.28318530717958647692f

#define cmul(a, b) make_float2((a).x * (b).x - (a).y * (b).y, (a).x * (b).y + (a).y * (b).x)
#define cadd(a, b) make_float2((a).x + (b).x, (a).y + (b).y)
#define csub(a, b) make_float2((a).x - (b).x, (a).y - (b).y)

inline __device__ float2 exp_i(float phi)
{
    float2 r;
    __sincosf(phi, &r.y, &r.x);
    return r;
}

inline __device__ int reverse4(int i)
{
    return ((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3);
}

__global__ void FFT16_device(float2 *work)
{
    __shared__ float2 smem[N];
    int tid = threadIdx.x;
    float2 *data = work + blockIdx.x * N;

    // bit-reversed load, two elements per thread
    smem[reverse4(tid)] = data[tid];
    smem[reverse4(tid + N / 2)] = data[tid + N / 2];
    __syncthreads();

    for (int half = 1; half < N; half <<= 1)
    {
        int group = tid / half;
        int pos = tid % half;
        int i0 = group * 2 * half + pos;
        int i1 = i0 + half;
        float2 w = exp_i(-M_2PI * pos / (2 * half));
        float2 a = smem[i0];
        float2 b = cmul(smem[i1], w);
        __syncthreads();
        smem[i0] = cadd(a, b);
        smem[i1] = csub(a, b);
        __syncthreads();
    }

    data[tid] = smem[tid];
    data[tid + N / 2] = smem[tid + N / 2];
}
