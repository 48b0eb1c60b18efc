// launch: --local_size=8 --num_groups=1 --buffer A=8 --buffer B=8
// origin: GPUVerify test suite style (OpenCL): __array_snapshot of a global array before an update, compared afterwards
//pass
//--local_size=8 --num_groups=1

__kernel void foo(__global int *A, __global int *B)
{
    __array_snapshot(B, A);
    unsigned tid = get_local_id(0);
    A[tid] = A[tid] + 1;
    __assert(A[tid] == B[tid] + 1);
}
