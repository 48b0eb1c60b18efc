// launch: --local_size=8 --num_groups=2 --buffer A=16
// origin: GPUVerify test suite style (OpenCL): pointer arithmetic into a __local array and a global buffer, pointer comparison
//pass
//--local_size=8 --num_groups=2

__kernel void foo(__global int *A)
{
    __local int L[16];
    __local int *p = L + 2 * get_local_id(0);
    __global int *q = A + get_global_id(0);

    p[0] = get_local_id(0);
    p[1] = -(int)get_local_id(0);
    if (p + 1 > p)
        *q = p[0] + p[1];
}
