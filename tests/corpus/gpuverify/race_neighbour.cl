// launch: --local_size=8 --num_groups=1 --buffer A=9
// origin: GPUVerify test suite style (OpenCL): expected failure, a read-write race between neighbouring work-items in local memory
//xfail:NOT_ALL_VERIFIED
//--local_size=8 --num_groups=1
//possible read-write race on L

__kernel void foo(__global int *A)
{
    __local int L[9];
    unsigned tid = get_local_id(0);
    L[tid] = A[tid];
    L[tid + 1] = L[tid] + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    A[tid] = L[tid];
}
