// launch: --local_size=8 --num_groups=2 --buffer A=16 --param base.lo=5 --param base.hi=1
// origin: GPUVerify test suite style (OpenCL): 64-bit ulong arithmetic mixed with size_t ids, mem_fence between writes
//pass
//--local_size=8 --num_groups=2

__kernel void foo(__global ulong *A, ulong base)
{
    size_t i = get_global_id(0);
    ulong v = base * (ulong)i + (base >> 3);
    A[i] = v;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    A[i] ^= (v << 7) | 1UL;
}
