// launch: --local_size=8 --num_groups=2 --buffer A=16 --param x=3 --param y=4
// origin: GPUVerify test suite style (OpenCL): __ite, __add_noovfl and __assume on kernel parameters
//pass
//--local_size=8 --num_groups=2

__kernel void foo(__global unsigned *A, unsigned x, unsigned y)
{
    __requires(__add_noovfl(x, y));
    __assume(x < 100 && y < 100);
    unsigned s = x + y;
    __assert(s >= x);
    A[get_global_id(0)] = __ite(s > 10, s, 10u);
}
