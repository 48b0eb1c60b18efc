// launch: --local_size=8 --num_groups=2 --buffer in=16 --buffer out=16
// origin: GPUVerify test suite style (OpenCL): async_work_group_copy into local memory, wait_group_events, then a copy back
//pass
//--local_size=8 --num_groups=2

#define N 8

__kernel void foo(__global float *in, __global float *out)
{
    __local float tile[N];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * N, N, 0);
    wait_group_events(1, &e);

    unsigned lid = get_local_id(0);
    float v = tile[(lid + 1) % N];
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[lid] = v * 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    e = async_work_group_copy(out + get_group_id(0) * N, tile, N, 0);
    wait_group_events(1, &e);
}
