// launch: --local_size=8 --num_groups=1 --buffer A=8
// origin: GPUVerify test suite style (OpenCL): expected failure, a reduction step whose barrier was forgotten
//xfail:NOT_ALL_VERIFIED
//--local_size=8 --num_groups=1
//possible read-write race on S

__kernel void foo(__global int *A)
{
    __local int S[8];
    int t = get_local_id(0);
    S[t] = A[t];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 4; d > 0; d >>= 1) {
        if (t < d)
            S[t] += S[t + d];
    }
    if (t == 0)
        A[0] = S[0];
}
