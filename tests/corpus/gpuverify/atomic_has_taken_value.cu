// launch: --blockDim=8 --gridDim=1 --buffer counter=1 --buffer out=8
// origin: GPUVerify test suite style (CUDA): atomicAdd ticket numbers, __atomic_has_taken_value in a postcondition-like assertion
//pass
//--blockDim=8 --gridDim=1 --equality-abstraction

#include <cuda.h>

__global__ void ticket(unsigned *counter, unsigned *out)
{
    unsigned t = atomicAdd(counter, 1);
    __assert(__implies(__enabled(), __atomic_has_taken_value(counter, 0, t)));
    out[threadIdx.x] = t;
}
