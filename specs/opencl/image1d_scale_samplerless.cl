// spec: OpenCL images: image1d_t read without a sampler (read_imageui(image, int)) and written (write_imageui): a per-channel scale; a work-item past the image width reads out of bounds (undefined for sampler-less reads); float coordinates are refused
// run: run --local-size 2 --image src=2 --image dst=2 --init __img_src=1,2,3,4,5,6,7,8 --param k=3
// exit: 0
// expect: verdict=ok final.__img_dst=[3,6,9,12,15,18,21,24]
// run: run --local-size 3 --image src=2 --image dst=2 --param k=3
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[2] array=__img_src index=8 location.line=28
// run: run --local-size 2 --image src=2 --image dst=2 --param k=3 -D FLOAT_COORD
// exit: 2
// stderr: error: unsupported: image coordinates of type 'float' (integer coordinates only
// run: run --local-size 2 --image src=2 --image dst=2 --param k=3 -D IMAGE_FENCE
// exit: 2
// stderr: image1d_scale_samplerless.cl:31:11: error: unsupported: barrier flags with CLK_IMAGE_MEM_FENCE but not CLK_GLOBAL_MEM_FENCE in a kernel with images
// why: texel x of a 2-texel image1d_t is cells 4x … 4x + 3. src's texels are (1,2,3,4) and
//   (5,6,7,8); work-item x writes dst(x) = k·src(x) channel by channel with k = 3: dst = [3, 6,
//   9, 12, 15, 18, 21, 24]. With 3 work-items, work-item 2 reads texel 2 of a 2-texel image:
//   a sampler-less read out of range is undefined (OpenCL 1.2, 6.12.14.2): out-of-bounds at
//   cell 4·W = 8 (T-RD, line 28). A float coordinate (with a sampler) is refused. A barrier
//   fencing images only (0x04, CLK_IMAGE_MEM_FENCE) would order the images (global arrays here) but not the global
//   buffers, which KPL's fences cannot tell apart: refused at its flags (col 11).
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void scaleTexels(__read_only image1d_t src, __write_only image1d_t dst, uint k) {
  const int x = get_global_id(0);
#ifdef FLOAT_COORD
  const uint4 v = read_imageui(src, nearest, (float)x + 0.5f);
#else
  const uint4 v = read_imageui(src, x);
#endif
#ifdef IMAGE_FENCE
  barrier(0x04);  // OpenCL 2.0's CLK_IMAGE_MEM_FENCE, which CL 1.2's headers do not define
#endif
  write_imageui(dst, x, v * k);
}
