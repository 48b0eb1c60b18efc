// launch: --local_size=8 --num_groups=2 --buffer out=2
// origin: GPUVerify test suite style (OpenCL): atomic_inc and atomic_max on a __local counter, result copied out by one work-item
//pass
//--local_size=8 --num_groups=2

__kernel void foo(__global int *out)
{
    __local int count;
    __local int biggest;
    if (get_local_id(0) == 0) { count = 0; biggest = 0; }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&count);
    atomic_max(&biggest, (int)get_local_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = count * 100 + biggest;
}
