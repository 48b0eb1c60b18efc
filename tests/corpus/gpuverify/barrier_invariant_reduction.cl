// launch: --local_size=8 --num_groups=1 --buffer in=8 --buffer out=1
// origin: GPUVerify test suite style (OpenCL): tree reduction proved with __barrier_invariant_1 and loop invariants over the stride
//pass
//--local_size=8 --num_groups=1

#define SZ 8
#define tid get_local_id(0)

__kernel void reduce(__global int *in, __global int *out)
{
    __local int sum[SZ];

    sum[tid] = in[tid];
    __barrier_invariant_1(sum[tid] == in[tid], tid);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (unsigned d = SZ / 2;
         __invariant(d == 0 || __is_pow2(d)),
         __invariant(d <= SZ / 2),
         __invariant(__no_write(in)),
         d > 0; d >>= 1)
    {
        if (tid < d)
            sum[tid] += sum[tid + d];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (tid == 0)
        *out = sum[0];
}
