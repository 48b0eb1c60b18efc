// launch: --local_size=8 --num_groups=2 --buffer p=16 --buffer q=16
// origin: GPUVerify test suite style (OpenCL): __read, __write, __no_read and __no_write predicates asserted after accesses
//pass
//--local_size=8 --num_groups=2

__kernel void foo(__global float *p, __global float *q)
{
    __assert(__no_read(p));
    __assert(__no_write(q));

    q[get_global_id(0)] = p[get_global_id(0)];

    __assert(__read(p));
    __assert(__write(q));
    __assert(__implies(__read(p), __read_offset_bytes(p) == get_global_id(0) * sizeof(float)));
    __assert(__implies(__write(q), __write_offset_bytes(q) == get_global_id(0) * sizeof(float)));
}
