// launch: --local_size=8 --num_groups=2 --buffer A=16 --buffer B=16
// origin: GPUVerify test suite style (OpenCL): an uninterpreted function declared with DECLARE_UF_BINARY used as an array index
//pass
//--local_size=8 --num_groups=2

DECLARE_UF_BINARY(f, unsigned, unsigned, unsigned);

__kernel void foo(__global int *A, __global int *B)
{
    unsigned gid = get_global_id(0);
    unsigned x = f(gid, get_group_id(0));
    __assert(x == f(gid, get_group_id(0)));
    A[gid] = B[gid] + (int)x;
}
