// launch: --local_size=8 --num_groups=1 --buffer A=8 --buffer B=8 --param sel=0
// origin: GPUVerify test suite style (OpenCL): a pointer chosen between two buffers, __ptr_base and __ptr_offset_bytes in assertions
//pass
//--local_size=8 --num_groups=1

__kernel void foo(__global int *A, __global int *B, int sel)
{
    __global int *p = sel ? A : B;
    p += get_local_id(0);
    __assert(__ptr_offset_bytes(p) == get_local_id(0) * sizeof(int));
    __assert(__implies(sel, __ptr_base(p) == __ptr_base(A)));
    *p = 42;
}
