// launch: --local_size=4 --num_groups=2 --buffer in=32 --buffer out=32
// origin: GPUVerify test suite style (OpenCL): float4 arithmetic, vload4/vstore4 and swizzles, checked race-free
//pass
//--local_size=4 --num_groups=2

__kernel void foo(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float4 v = vload4(i, in);
    float4 w = v.wzyx * (float4)(1.0f, 2.0f, 3.0f, 4.0f) + 0.5f;
    w.xy = fmax(w.xy, (float2)(0.0f));
    vstore4(w, i, out);
}
