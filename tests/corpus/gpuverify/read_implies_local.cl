// launch: --local_size=16 --num_groups=1 --buffer A=16
// origin: GPUVerify test suite style (OpenCL): double-buffered local array with __read_implies/__write_implies loop invariants
//pass
//--local_size=16 --num_groups=1

#define N 16

__kernel void foo(__global int *A)
{
    __local int buf[2][N];
    int tid = get_local_id(0);
    int cur = 0;
    buf[cur][tid] = A[tid];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = 1;
         __invariant(__read_implies(buf, __read_offset_bytes(buf) / sizeof(int) % N == tid || __read_offset_bytes(buf) / sizeof(int) % N == (tid + N - step / 2) % N)),
         __invariant(__write_implies(buf, __write_offset_bytes(buf) / sizeof(int) % N == tid)),
         step < N; step *= 2)
    {
        int nxt = 1 - cur;
        buf[nxt][tid] = buf[cur][tid] + buf[cur][(tid + N - step) % N];
        cur = nxt;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    A[tid] = buf[cur][tid];
}
