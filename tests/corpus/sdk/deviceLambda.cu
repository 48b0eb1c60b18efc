// launch: --block-dim 8 --grid-dim 2 --buffer x=16 --buffer y=16 --param n=16 --param a=1073741824
// origin: modern CUDA sample style (a generic transform kernel templated on a functor, called with a __device__ lambda and a struct functor); built with nvcc --extended-lambda
#include <cuda_runtime.h>

template <typename T, typename F>
__device__ void for_each_index(int n, F f)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) f(i);
}

struct saxpy_functor
{
    const float a;
    __host__ __device__ saxpy_functor(float _a) : a(_a) {}
    __device__ float operator()(const float &x, const float &y) const { return a * x + y; }
};

__global__ void saxpyLambda(int n, float a, const float *x, float *y)
{
    saxpy_functor op(a);
    auto body = [=] __device__(int i) { y[i] = op(x[i], y[i]); };
    for_each_index<float>(n, body);
}
