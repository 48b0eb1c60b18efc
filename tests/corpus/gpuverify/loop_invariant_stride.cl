// launch: --local_size=8 --num_groups=2 --buffer A=64
// origin: GPUVerify test suite style (OpenCL): strided loop with __invariant in the loop guard and __write_implies
//pass
//--local_size=8 --num_groups=2 --no-inline

#define N 4

__kernel void foo(__global int *A)
{
    unsigned gid = get_global_id(0);
    unsigned size = get_global_size(0);

    for (unsigned i = gid;
         __invariant(i % size == gid),
         __invariant(__write_implies(A, __write_offset_bytes(A) / sizeof(int) % size == gid)),
         i < N * size; i += size)
    {
        A[i] = i;
    }
}
