// launch: --blockDim=8 --gridDim=1 --buffer out=8
// origin: GPUVerify test suite style (CUDA): __barrier_invariant_2 instantiated for a thread and its neighbour carries the cells across a barrier for a neighbour read
//pass
//--blockDim=8 --gridDim=1

#include <gpuverify.h>

#define N 8

__global__ void shift(int *out)
{
    __shared__ int buf[N];
    unsigned tid = threadIdx.x;

    buf[tid] = tid;
    __barrier_invariant_2(buf[tid] == tid, tid, (tid + 1) % N);
    __syncthreads();

    out[tid] = buf[(tid + 1) % N];
    __assert(out[tid] == (tid + 1) % N);
}
