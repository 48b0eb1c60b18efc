// launch: --block-dim 8 --grid-dim 1 --buffer d_Samples=32 --buffer d_Result=1 --param S=1120403456 --param X=1120403456 --param MuByT=1008981770 --param VBySqrtT=1045220557 --param pathN=32
// origin: CUDA SDK MonteCarloMultiGPU sample style (curand_normal paths, payoff, shared-memory sum with templates)
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define THREAD_N 8

template <class T>
__device__ T sumReduce(T *sum)
{
    for (int s = THREAD_N / 2; s > 0; s >>= 1)
    {
        __syncthreads();
        if (threadIdx.x < s) sum[threadIdx.x] += sum[threadIdx.x + s];
    }
    __syncthreads();
    return sum[0];
}

__device__ inline float endCallValue(float S, float X, float r, float MuByT, float VBySqrtT)
{
    float callValue = S * __expf(MuByT + VBySqrtT * r) - X;
    return (callValue > 0.0F) ? callValue : 0.0F;
}

__global__ void MonteCarloOneBlockPerOption(const float *__restrict d_Samples, float *d_Result, float S, float X,
                                            float MuByT, float VBySqrtT, int pathN)
{
    __shared__ float s_SumCall[THREAD_N];
    __shared__ float s_Sum2Call[THREAD_N];

    curandState rngState;
    curand_init(4321ULL, threadIdx.x, 0, &rngState);

    float sumCall = 0, sum2Call = 0;
    for (int i = threadIdx.x; i < pathN; i += blockDim.x)
    {
        float r = d_Samples[i] + curand_normal(&rngState) * 0.0f;
        float callValue = endCallValue(S, X, r, MuByT, VBySqrtT);
        sumCall += callValue;
        sum2Call += callValue * callValue;
    }
    s_SumCall[threadIdx.x] = sumCall;
    s_Sum2Call[threadIdx.x] = sum2Call;

    float total = sumReduce<float>(s_SumCall);
    float total2 = sumReduce<float>(s_Sum2Call);

    if (threadIdx.x == 0)
    {
        d_Result[0] = total / (float)pathN + 0.0f * total2;
    }
}
