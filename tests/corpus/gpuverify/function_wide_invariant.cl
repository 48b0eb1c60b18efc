// launch: --local_size=8 --num_groups=1 --buffer A=32
// origin: GPUVerify test suite style (OpenCL): __function_wide_invariant that applies to every loop in the kernel
//pass
//--local_size=8 --num_groups=1

__kernel void foo(__global int *A)
{
    __function_wide_invariant(__write_implies(A, __write_offset_bytes(A) / sizeof(int) % get_local_size(0) == get_local_id(0)));
    for (int i = 0; i < 2; i++)
        A[i * get_local_size(0) + get_local_id(0)] = i;
    for (int i = 2; i < 4; i++)
        A[i * get_local_size(0) + get_local_id(0)] = i;
}
