// launch: --local_size=8 --num_groups=1 --buffer out=8
// origin: GPUVerify test suite style (OpenCL): an array of structs in __local memory, written per work-item and read by a neighbour after a barrier
//pass
//--local_size=8 --num_groups=1

typedef struct {
    int key;
    float val;
} entry;

__kernel void foo(__global float *out)
{
    __local entry E[8];
    unsigned lid = get_local_id(0);
    E[lid].key = lid;
    E[lid].val = lid * 0.5f;
    barrier(CLK_LOCAL_MEM_FENCE);
    entry e = E[(lid + 1) % 8];
    out[lid] = e.val + e.key;
}
