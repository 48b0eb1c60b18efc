// spec: OpenCL images: a horizontal gradient reads an image2d_t with a constant sampler (unnormalised integer coordinates, nearest filter) and writes a write_only image2d_t; CLAMP_TO_EDGE repeats the edge texel, CLAMP reads the border color (0,0,0,0), NONE makes the read past the edge out-of-bounds; linear filtering, and an image without --image size, are refused
// run: run --local-size 2,2 --image in=2x2 --image out=2x2 --init __img_in=1,2,3,4,5,7,9,11,10,10,10,10,13,20,30,40
// exit: 0
// expect: verdict=ok final.__img_out=[4,5,6,7,0,0,0,0,3,10,20,30,0,0,0,0]
// run: run --local-size 2,2 --image in=2x2 --image out=2x2 --init __img_in=1,2,3,4,5,7,9,11,10,10,10,10,13,20,30,40 -D ADDRESS=CLK_ADDRESS_CLAMP
// exit: 0
// expect: verdict=ok final.__img_out=[4,5,6,7,-5,-7,-9,-11,3,10,20,30,-13,-20,-30,-40]
// run: run --local-size 2,2 --image in=2x2 --image out=2x2 -D ADDRESS=CLK_ADDRESS_NONE
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[1] array=__img_in index=16 location.line=42
// run: run --local-size 2,2 --image in=2x2 --image out=2x2 -D FILTER=CLK_FILTER_LINEAR
// exit: 2
// stderr: image2d_gradient_sampler.cl:36:28: error: unsupported: a sampler with CLK_FILTER_LINEAR (linear filtering is not lowered)
// run: run --local-size 2,2 --image out=2x2
// exit: 2
// stderr: image2d_gradient_sampler.cl:41:30: error: unsupported: image 'in' without a size: give its width and height in texels with --image in=WxH
// why: texel (x, y) of a 2x2 image is cells 4(2y + x) … 4(2y + x) + 3 (its R, G, B, A). in's
//   texels: (0,0) = (1,2,3,4), (1,0) = (5,7,9,11), (0,1) = (10,10,10,10), (1,1) = (13,20,30,40).
//   Work-item (x, y) writes out(x, y) = in(x + 1, y) − in(x, y), channel by channel (int4).
//   CLAMP_TO_EDGE: x + 1 = 2 clamps to 1: out(0,0) = (5−1, 7−2, 9−3, 11−4) = (4,5,6,7),
//   out(1,0) = in(1,0) − in(1,0) = 0, out(0,1) = (3,10,20,30), out(1,1) = 0. CLAMP: in(2, y) is
//   the border color (0,0,0,0) for CL_RGBA: out(1,0) = −(5,7,9,11), out(1,1) = −(13,20,30,40).
//   NONE: in(2, 0) is undefined: work-item (1, 0), local id 1, reads past the image: cell
//   4·W·H = 16, out-of-bounds (T-RD) at the second read (line 42). CLK_FILTER_LINEAR: refused at
//   the sampler's value (Clang reads a program-scope sampler as its initialiser: line 36, col
//   28, `__constant sampler_t smp = ` is 27 characters). Without --image in=…: refused at the
//   image argument of the first read (line 41, col 30: `  const int4 a = read_imagei(` is 29
//   characters).
#ifndef ADDRESS
#define ADDRESS CLK_ADDRESS_CLAMP_TO_EDGE
#endif
#ifndef FILTER
#define FILTER CLK_FILTER_NEAREST
#endif

__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | ADDRESS | FILTER;

__kernel void gradientX(__read_only image2d_t in, __write_only image2d_t out) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  if (p.x >= get_image_width(out) || p.y >= get_image_height(out)) return;
  const int4 a = read_imagei(in, smp, p);
  const int4 b = read_imagei(in, smp, p + (int2)(1, 0));
  write_imagei(out, p, b - a);
}
