// launch: --local_size=8 --num_groups=2 --buffer A=16
// origin: GPUVerify test suite style (OpenCL): the annotation header included explicitly, __invariant with __implies and __enabled
//pass
//--local_size=8 --num_groups=2

#include "gpuverify.h"

__kernel void foo(__global int *A)
{
    int gid = get_global_id(0);
    int acc = 0;
    for (int i = 0;
         __invariant(__implies(__enabled(), i >= 0)),
         __invariant(acc == i * gid),
         i < 4; i++)
    {
        acc += gid;
    }
    A[gid] = acc;
}
