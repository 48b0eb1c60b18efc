// launch: --block-dim 8 --grid-dim 2 --buffer d_CallResult=16 --buffer d_PutResult=16 --buffer d_StockPrice=16 --buffer d_OptionStrike=16 --buffer d_OptionYears=16 --param Riskfree=1017370378 --param Volatility=1050253722 --param optN=16
// origin: CUDA SDK BlackScholes sample style (polynomial normal CDF, __expf/__logf/__fdividef, grid-stride loop)
#include <cuda_runtime.h>

///////////////////////////////////////////////////////////////////////////////
// Polynomial approximation of cumulative normal distribution function
///////////////////////////////////////////////////////////////////////////////
__device__ inline float cndGPU(float d)
{
    const float A1 = 0.31938153f;
    const float A2 = -0.356563782f;
    const float A3 = 1.781477937f;
    const float A4 = -1.821255978f;
    const float A5 = 1.330274429f;
    const float RSQRT2PI = 0.39894228040143267793994605993438f;

    float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));

    float cnd = RSQRT2PI * __expf(-0.5f * d * d) *
                (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));

    if (d > 0) cnd = 1.0f - cnd;

    return cnd;
}

///////////////////////////////////////////////////////////////////////////////
// Black-Scholes formula for both call and put
///////////////////////////////////////////////////////////////////////////////
__device__ inline void BlackScholesBodyGPU(float &CallResult, float &PutResult,
                                           float S, // Stock price
                                           float X, // Option strike
                                           float T, // Option years
                                           float R, // Riskless rate
                                           float V  // Volatility rate
)
{
    float sqrtT, expRT;
    float d1, d2, CNDD1, CNDD2;

    sqrtT = __fdividef(1.0F, rsqrtf(T));
    d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
    d2 = d1 - V * sqrtT;

    CNDD1 = cndGPU(d1);
    CNDD2 = cndGPU(d2);

    // Calculate Call and Put simultaneously
    expRT = __expf(-R * T);
    CallResult = S * CNDD1 - X * expRT * CNDD2;
    PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}

////////////////////////////////////////////////////////////////////////////////
// Process an array of optN options on GPU
////////////////////////////////////////////////////////////////////////////////
__launch_bounds__(128) __global__ void BlackScholesGPU(float *__restrict d_CallResult,
                                                       float *__restrict d_PutResult,
                                                       const float *__restrict d_StockPrice,
                                                       const float *__restrict d_OptionStrike,
                                                       const float *__restrict d_OptionYears,
                                                       float Riskfree, float Volatility, int optN)
{
    const int opt = blockDim.x * blockIdx.x + threadIdx.x;

    for (int i = opt; i < optN; i += blockDim.x * gridDim.x)
    {
        float callResult, putResult;
        BlackScholesBodyGPU(callResult, putResult, d_StockPrice[i], d_OptionStrike[i], d_OptionYears[i],
                            Riskfree, Volatility);
        d_CallResult[i] = callResult;
        d_PutResult[i] = putResult;
    }
}
