// launch: --local_size=4,4 --num_groups=2,1 --buffer A=32
// origin: GPUVerify test suite style (OpenCL): 2-D work-group, barrier inside a uniform loop, row-rotating reads of a __local tile
//pass
//--local_size=[4,4] --num_groups=[2,1]

__kernel void foo(__global float *A)
{
    __local float T[4][4];
    size_t x = get_local_id(0), y = get_local_id(1);
    T[y][x] = A[get_global_id(1) * get_global_size(0) + get_global_id(0)];
    for (int k = 0; k < 3; k++) {
        barrier(CLK_LOCAL_MEM_FENCE);
        float v = T[y][(x + 1) % 4];
        barrier(CLK_LOCAL_MEM_FENCE);
        T[y][x] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    A[get_global_id(1) * get_global_size(0) + get_global_id(0)] = T[y][x];
}
