// launch: --local_size=8 --num_groups=1 --buffer A=8
// origin: GPUVerify test suite style (OpenCL): a __local pointer passed to a helper with a precondition on the index
//pass
//--local_size=8 --num_groups=1

void store(__local int *p, int i, int v)
{
    __requires(i >= 0 && i < 8);
    p[i] = v;
}

__kernel void foo(__global int *A)
{
    __local int L[8];
    int lid = get_local_id(0);
    store(L, lid, lid * lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    A[lid] = L[7 - lid];
}
