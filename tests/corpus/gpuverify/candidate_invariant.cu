// launch: --blockDim=8 --gridDim=2 --buffer A=64 --param sz=4
// origin: GPUVerify test suite style (CUDA): __candidate_invariant guesses in a loop, as Houdini inference consumes them
//pass
//--blockDim=8 --gridDim=2

#include <gpuverify.h>

__global__ void foo(int *A, int sz)
{
    __requires(sz == 4);
    int tid = blockIdx.x * blockDim.x + threadIdx.x;

    for (int i = 0;
         __candidate_invariant(i >= 0),
         __candidate_invariant(i <= sz),
         __candidate_invariant(__write_implies(A, __write_offset_bytes(A) / sizeof(int) / sz == tid)),
         i < sz; i++)
    {
        A[tid * sz + i] = i;
    }
}
