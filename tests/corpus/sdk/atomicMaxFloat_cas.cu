// launch: --block-dim 8 --grid-dim 2 --buffer data=16 --buffer result=1 --param n=16
// origin: CUDA programming guide / SDK style float atomicMax built from atomicCAS on the bit pattern (__float_as_int, __int_as_float)
#include <cuda_runtime.h>

__device__ __forceinline__ float atomicMaxFloat(float *addr, float value)
{
    int *addr_as_int = (int *)addr;
    int old = *addr_as_int, assumed;
    do
    {
        assumed = old;
        if (__int_as_float(assumed) >= value) break;
        old = atomicCAS(addr_as_int, assumed, __float_as_int(value));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void maxKernel(const float *__restrict__ data, float *result, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicMaxFloat(result, data[i]);
}
