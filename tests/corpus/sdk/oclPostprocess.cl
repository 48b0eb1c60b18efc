// launch: --local-size 8 --global-size 16 --buffer pixels=16 --buffer out=16 --param gamma=1074580685 --param blend=1056964608
// origin: NVIDIA/AMD OpenCL SDK post-processing kernels style (uchar4 pixels, convert_float4, clamp, mix, smoothstep, pow, convert_uchar4_sat)
__kernel void tonemap(__global const uchar4 *pixels, __global uchar4 *out, float gamma, float blend)
{
    int i = get_global_id(0);
    float4 c = convert_float4(pixels[i]) * (1.0f / 255.0f);

    // vignette-like weight and gamma correction
    float w = smoothstep(0.0f, 1.0f, (float)i / (float)get_global_size(0));
    float4 g = pow(clamp(c, 0.0f, 1.0f), (float4)(1.0f / gamma));
    float4 r = mix(c, g, blend * w);
    r.w = c.w;

    out[i] = convert_uchar4_sat(r * 255.0f + 0.5f);
}
