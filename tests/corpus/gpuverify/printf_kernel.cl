// launch: --local_size=8 --num_groups=1 --buffer A=8
// origin: GPUVerify test suite style (OpenCL): printf with integer and float conversions inside a kernel
//pass
//--local_size=8 --num_groups=1

__kernel void foo(__global float *A)
{
    int i = get_global_id(0);
    printf("work-item %d of %d: %f\n", i, (int)get_global_size(0), A[i]);
    A[i] = A[i] * 0.5f;
}
