// launch: --local-size 8 --global-size 16 --buffer d_Call=16 --buffer d_Put=16 --buffer d_S=16 --buffer d_X=16 --buffer d_T=16 --param R=1017370378 --param V=1050253722 --param optN=16
// origin: NVIDIA OpenCL SDK oclBlackScholes sample style (native_exp/native_sqrt/native_log/native_divide, mad, helper with __private out-pointers)
#define   A1 0.319381530f
#define   A2 -0.356563782f
#define   A3 1.781477937f
#define   A4 -1.821255978f
#define   A5 1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

float CND(float d){
    float
        K = 1.0f / (1.0f + 0.2316419f * fabs(d));

    float
        cnd = RSQRT2PI * native_exp(- 0.5f * d * d) *
        (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));

    if(d > 0)
        cnd = 1.0f - cnd;

    return cnd;
}

void BlackScholesBody(
    __global float *call, //Call option price
    __global float *put,  //Put option price
    float S,              //Current stock price
    float X,              //Option strike price
    float T,              //Option years
    float R,              //Riskless rate of return
    float V               //Stock volatility
){
    float sqrtT = native_sqrt(T);
    float    d1 = (native_log(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
    float    d2 = d1 - V * sqrtT;
    float CNDD1 = CND(d1);
    float CNDD2 = CND(d2);

    //Calculate Call and Put simultaneously
    float expRT = native_exp(- R * T);
    *call = (S * CNDD1 - X * expRT * CNDD2);
    *put  = (X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1));
}

__kernel void BlackScholes(
    __global float *d_Call, //Call option price
    __global float *d_Put,  //Put option price
    __global float *d_S,    //Current stock price
    __global float *d_X,    //Option strike price
    __global float *d_T,    //Option years
    float R,                //Riskless rate of return
    float V,                //Stock volatility
    unsigned int optN
){
    for(unsigned int opt = get_global_id(0); opt < optN; opt += get_global_size(0))
        BlackScholesBody(
            &d_Call[opt],
            &d_Put[opt],
            d_S[opt],
            d_X[opt],
            d_T[opt],
            R,
            V
        );
}
