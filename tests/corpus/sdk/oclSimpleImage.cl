// launch: --local-size 4,4 --global-size 8,8 --buffer output=64 --image input=8x8 --param width=8 --param height=8
// origin: OpenCL SDK image samples style (image2d_t with a __constant sampler_t, read_imagef/write_imagef, 3x3 Sobel magnitude in float4)
__constant sampler_t imageSampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void sobel_image(__read_only image2d_t input, __global float *output, int width, int height)
{
    int2 coord = (int2)(get_global_id(0), get_global_id(1));

    float4 p00 = read_imagef(input, imageSampler, coord + (int2)(-1, -1));
    float4 p01 = read_imagef(input, imageSampler, coord + (int2)( 0, -1));
    float4 p02 = read_imagef(input, imageSampler, coord + (int2)( 1, -1));
    float4 p10 = read_imagef(input, imageSampler, coord + (int2)(-1,  0));
    float4 p12 = read_imagef(input, imageSampler, coord + (int2)( 1,  0));
    float4 p20 = read_imagef(input, imageSampler, coord + (int2)(-1,  1));
    float4 p21 = read_imagef(input, imageSampler, coord + (int2)( 0,  1));
    float4 p22 = read_imagef(input, imageSampler, coord + (int2)( 1,  1));

    float4 gx = p02 + 2.0f * p12 + p22 - p00 - 2.0f * p10 - p20;
    float4 gy = p20 + 2.0f * p21 + p22 - p00 - 2.0f * p01 - p02;
    float4 g = sqrt(gx * gx + gy * gy);

    if (coord.x < width && coord.y < height)
        output[coord.y * width + coord.x] = dot(g.xyz, (float3)(0.299f, 0.587f, 0.114f));
}
