// launch: --local_size=8 --num_groups=1 --buffer A=8 --param s.a=1 --param s.b=2
// origin: GPUVerify test suite style (OpenCL): struct passed by value, fields select the written cell; the test expects a race when a == b is possible
//xfail:NOT_ALL_VERIFIED
//--local_size=8 --num_groups=1
//possible write-write race on A

typedef struct {
    int a;
    int b;
} pair;

__kernel void foo(__global int *A, pair s)
{
    if (get_local_id(0) == 0) A[s.a] = 1;
    if (get_local_id(0) == 1) A[s.b] = 2;
}
